import { aqmChart } from './aqm-chart';
import { cwndChart } from './cwnd-chart';
import { progressChart } from './progress-chart';
import { queueChart } from './queue-chart';
import { throughputChart } from './throughput-chart';
import { topologyView } from './topology-view';
import type { ChartDef } from './types';

/** The charts of the main grid, in reading order. */
export const CHARTS: readonly ChartDef[] = [queueChart, cwndChart, topologyView, aqmChart, throughputChart, progressChart];
