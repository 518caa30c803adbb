import useSWR from 'swr';
import { queueEntity, type QueueRecord } from '../../api/contracts/queue.contract';
import type { ApiError } from '../../api/errors';
import { postParsed } from '../../api/post-parsed';
import { allKey } from '../../api/resources/resource-keys';
import type { ApiKey } from '../../api/swr';
import { canAccess } from '../../shell/session/route-access';
import { useUserInfo } from '../../shell/session/session-selectors';

export interface StatisticsChoices {
  queues: { number: string; name: string }[];
  /** Every queue member's extension, once, in order. */
  extensions: string[];
}

const NONE: StatisticsChoices = { queues: [], extensions: [] };

/**
 * What the filter bar suggests for its queue and extension: the company's queues and their members,
 * read through the queue list (the same SWR entry as /configuration/inbound/queue). Only those who may
 * read queues (managers) ask; everyone else, or a failed read, types the numbers as before.
 */
export function useStatisticsChoices(): StatisticsChoices {
  const userInfo = useUserInfo();
  const allowed = canAccess(queueEntity.contract.access.read, userInfo);
  const { data } = useSWR<QueueRecord[], ApiError>(allowed ? allKey(queueEntity.contract) : null, ([path, body]: ApiKey) =>
    postParsed(path, body, (answer) => queueEntity.contract.record.array().parse((answer as { data: unknown }).data)),
  );
  if (!data) return NONE;
  const extensions = [...new Set(data.flatMap((queue) => queue.members.map((member) => member.extension)))].sort();
  return { queues: data.map((queue) => ({ number: queue.number, name: queue.name })), extensions };
}
