import type { CliIo } from '../../../src/cli/main';

/** A CliIo that keeps what the CLI prints, for assertions. */
export function capture(): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out(t: string) {
      io.stdout += t;
    },
    err(t: string) {
      io.stderr += t;
    },
  };
  return io;
}
