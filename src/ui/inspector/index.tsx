/**
 * The inspector slot (src/ui/slots.tsx): connects <Inspector> to the app store and the
 * run controller. Step buttons set the controller's step target and step; after "next
 * event of flow N" the controller keeps the inspected decision in view (RunController.pinned).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DecisionRecord } from '../../engine/aqm/decision';
import type { SlotProps } from '../slots';
import { useAppState } from '../store/app-store';
import { stepTargets } from '../run/step-targets';
import { viewOf } from '../scenario-view';
import { Inspector, type InspectorStep } from './Inspector';
import { HISTORY_DEFAULT } from '../../protocol/messages';
import { download, fileStem } from '../charts/export';
import { decisionsCsv, decisionsCsvName } from './decisions-csv';

/**
 * Round trip of a dumbbell flow at the time of a decision, seconds: propagation (access
 * links both sides, the bottleneck, a constant per-flow delay on both access links) plus
 * the queueing delay the decision's packet met (q packets or bytes at the bottleneck rate).
 * undefined for other topologies.
 */
function rttAt(scenario: unknown, rec: DecisionRecord): number | undefined {
  const topo = (scenario as { topology?: { kind?: string; bottleneck?: { delay?: number; rate?: number }; left?: { delay?: number }; right?: { delay?: number }; flowDelay?: { kind?: string; value?: number } } } | null)
    ?.topology;
  if (!topo || topo.kind !== 'dumbbell') return undefined;
  const extra = topo.flowDelay?.kind === 'constant' ? (topo.flowDelay.value ?? 0) : 0;
  const prop = 2 * ((topo.bottleneck?.delay ?? 0) + (topo.left?.delay ?? 0) + (topo.right?.delay ?? 0) + 2 * extra);
  const rate = topo.bottleneck?.rate ?? 0;
  const queued = rate > 0 ? ((rec.unit === 'bytes' ? rec.q : rec.q * rec.bytes) * 8) / rate : 0;
  const rtt = prop + queued;
  return rtt > 0 ? rtt : undefined;
}

export default function InspectorSlot({ store, controller }: SlotProps) {
  const records = useAppState(store, (s) => s.decisions);
  const total = useAppState(store, (s) => s.decisionsTotal);
  const presetName = useAppState(store, (s) => s.presetName);
  const cursor = useAppState(store, (s) => s.cursor);
  const flowEvents = useAppState(store, (s) => s.flowEvents);
  const flowCursor = useAppState(store, (s) => s.flowCursor);
  const scenario = useAppState(store, (s) => s.scenario);
  const now = useAppState(store, (s) => s.now);
  const classroom = useAppState(store, (s) => s.classroom);
  const running = useAppState(store, (s) => s.status === 'running' || s.status === 'starting');
  const index = cursor ?? records.length - 1;
  // the end of a run shows its last decision: not read out after "finished" (nobody stepped to
  // it, and it made some 200 characters after the run's one line); a step back from there is,
  // from here or the run controls, and every step after it
  const done = useAppState(store, (s) => s.status === 'done');
  const shown = `${cursor}/${flowCursor}`;
  const [endShown, setEndShown] = useState<string | null>(null);
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (!done) {
      setEndShown(null);
      setMoved(false);
    } else if (endShown === null) setEndShown(shown);
    else if (shown !== endShown) setMoved(true);
  }, [done, shown, endShown]);
  const quietEnd = done && !moved && (endShown === null || shown === endShown);
  const onStep = useCallback(
    (what: InspectorStep, flow?: number) => {
      const rec = records[index];
      switch (what) {
        case 'prev':
          controller.setStepTarget('decision', null);
          controller.stepBack();
          return;
        case 'next':
          controller.setStepTarget('decision', null);
          controller.stepForward();
          return;
        case 'next-mark':
          controller.setStepTarget('mark', null);
          controller.stepForward();
          return;
        case 'next-drop':
          controller.setStepTarget('drop', null);
          controller.stepForward();
          return;
        case 'next-aqm-drop':
          controller.setStepTarget('aqm-drop', null);
          controller.stepForward();
          return;
        case 'next-flow-event':
          // the controller keeps the inspector on this decision (as for a flow-event step from the Transport bar)
          controller.setStepTarget('flow-event', flow ?? rec?.flow ?? null);
          controller.stepForward();
          return;
      }
    },
    [controller, records, index],
  );

  const rtt = useCallback(
    (rec: DecisionRecord) => {
      // the larger of the flow's smoothed RTT now and the RTT its packet was going to see
      const measured = store.series.last(`rtt.${rec.flow}`);
      const at = rttAt(scenario, rec);
      const m = Number.isFinite(measured) && measured > 0 ? measured : 0;
      return at !== undefined ? Math.max(at, m) : m > 0 ? m : undefined;
    },
    [store, scenario],
  );

  // "Next mark" only where a mark can happen (a marking queue and ECN-capable senders)
  const view = useMemo(() => viewOf(scenario), [scenario]);
  const canMark = useMemo(() => stepTargets(view).includes('mark'), [view]);
  const tcpFlows = useMemo(() => stepTargets(view).includes('flow-event'), [view]);
  const canAqmDrop = useMemo(() => stepTargets(view).includes('aqm-drop'), [view]);
  // web exchanges take the flow ids after the long-lived flows (engine/traffic/web.ts WebHub)
  const web = view.webRole.left !== null || view.webRole.right !== null;

  // the decisions the inspector steps through, as the command line's --trace columns (decisions-csv.ts)
  const onExport = useCallback(() => {
    const name = decisionsCsvName(fileStem('decisions', presetName, scenario), records.length, total);
    download(name, new Blob([decisionsCsv(records, total)], { type: 'text/csv' }));
  }, [records, total, presetName, scenario]);

  return <Inspector total={total} finished={done} onExport={onExport} canMark={canMark} canAqmDrop={canAqmDrop} tcpFlows={tcpFlows} longLivedFlows={web ? view.flows : undefined} records={records} index={index} flowEvents={flowEvents} onStep={onStep} rtt={rtt} currentEvent={flowCursor !== null ? (flowEvents[flowCursor] ?? null) : null} now={now} running={running} classroom={classroom} historyLimit={HISTORY_DEFAULT} announce={!quietEnd} flowTags={view.flowTags} />;
}
