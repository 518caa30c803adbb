import { queueLabelResponseSchema, type QueueLabelBody, type QueueStatusRecord } from '../contracts/queue-status.contract';
import { postParsed } from '../post-parsed';

/** `queue/label`: saves a queue's board label and colours and answers its board as it is now. */
export const saveQueueLabel = (body: QueueLabelBody): Promise<QueueStatusRecord> =>
  postParsed('queue/label', body, (data) => queueLabelResponseSchema.parse(data).data);
