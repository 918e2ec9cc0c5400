import type { LogRetention } from '@uniwim/contracts';
import type { Database } from '../../platform/db/database';
import type { TimeZones } from '../time-zones/time-zones';
import { createDashboardRepo } from './dashboard-repo';
import { createLogMaintenance } from './maintenance';
import { createLogRetention } from './retention';
import { createStatisticsService } from './service';

/** Issue 16's parts wired together: the pages' service and the maintenance the app starts. */
export const createStatisticsModule = (deps: {
  db: Database;
  logRetention(): Promise<LogRetention>;
  timeZones: TimeZones;
  onError(error: unknown): void;
}) => {
  const retention = createLogRetention({ db: deps.db, platformMaximum: deps.logRetention });
  const maintenance = createLogMaintenance({
    db: deps.db,
    retention,
    timeZones: deps.timeZones,
    onError: deps.onError,
  });
  const service = createStatisticsService({
    db: deps.db,
    repo: createDashboardRepo(deps.db),
    maintenance,
    logRetention: deps.logRetention,
    timeZones: deps.timeZones,
  });
  return { service, maintenance };
};
