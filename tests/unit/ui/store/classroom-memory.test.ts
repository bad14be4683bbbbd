/**
 * Classroom on survives a reload of the tab (src/ui/store/classroom-memory.ts): a teacher who
 * reloaded at the projector got the lab back in desk type. The tab's storage keeps it; a query
 * flag, when the address has one, decides and follows the button.
 */
import { describe, expect, it } from 'vitest';
import { AppStore } from '../../../../src/ui/store/app-store';
import { CLASSROOM_KEY, initialClassroom, rememberClassroom } from '../../../../src/ui/store/classroom-memory';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.items.set(k, v);
  }
}

/** A page load: the store as main.tsx makes it from the address and the tab's storage, remembered. */
function load(search: string, storage: MemoryStorage, address = { search }) {
  const store = new AppStore({ classroom: initialClassroom(address.search, storage) });
  rememberClassroom(store, storage, { search: () => address.search, replaceSearch: (s) => (address.search = s) });
  return { store, address };
}

describe('Classroom on or off across a reload of the tab', () => {
  it('turned on with the button, it is on again after a reload; turned off, off', () => {
    const storage = new MemoryStorage();
    const first = load('', storage);
    expect(first.store.getState().classroom).toBe(false);
    first.store.set({ classroom: true });
    expect(load('', storage).store.getState().classroom).toBe(true);
    const second = load('', storage);
    second.store.set({ classroom: false });
    expect(load('', storage).store.getState().classroom).toBe(false);
  });

  it('a new tab (its own storage) opened from a link starts without it', () => {
    const teacher = new MemoryStorage();
    load('', teacher).store.set({ classroom: true });
    expect(load('', new MemoryStorage()).store.getState().classroom).toBe(false);
  });

  it('?classroom=1 decides when the address has it, and the button writes its state there, the rest of the query kept', () => {
    const storage = new MemoryStorage();
    const page = load('?compare=droptail&classroom=1&seeds=3', storage);
    expect(page.store.getState().classroom).toBe(true);
    page.store.set({ classroom: false });
    expect(page.address.search).toBe('?compare=droptail&classroom=0&seeds=3');
    expect(storage.getItem(CLASSROOM_KEY)).toBe('0');
    // the reload reads the address as the button left it
    expect(load(page.address.search, storage).store.getState().classroom).toBe(false);
    // an address without the flag is not given one
    const plain = load('?compare=droptail', storage);
    plain.store.set({ classroom: true });
    expect(plain.address.search).toBe('?compare=droptail');
  });

  it('a storage that refuses does not stop the page', () => {
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(initialClassroom('', broken)).toBe(false);
    const store = new AppStore();
    rememberClassroom(store, broken, null);
    expect(() => store.set({ classroom: true })).not.toThrow();
  });
});
