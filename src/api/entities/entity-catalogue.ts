import type { AnyEntity } from './define-entity';
import { agentApiKeyEntity } from '../contracts/agent-api-key.contract';
import { autoCallEntity } from '../contracts/auto-call.contract';
import { blacklistEntity } from '../contracts/blacklist.contract';
import { branchExtensionEntity } from '../contracts/branch-extension.contract';
import { callbackGroupEntity } from '../contracts/callback-group.contract';
import { callbackNumberEntity } from '../contracts/callback-number.contract';
import { callerIdEntity } from '../contracts/caller-id.contract';
import { inboundNumberEntity } from '../contracts/inbound-number.contract';
import { ivrEntity } from '../contracts/ivr.contract';
import { messageCategoryEntity } from '../contracts/message-category.contract';
import { messageTemplateEntity } from '../contracts/message-template.contract';
import { queueEntity } from '../contracts/queue.contract';
import { ringGroupEntity } from '../contracts/ring-group.contract';
import { soundFileEntity } from '../contracts/sound-file.contract';
import { taskCategoryEntity } from '../contracts/task-category.contract';
import { timeConditionEntity } from '../contracts/time-condition.contract';
import { transferEntity, transferHistoryEntity } from '../contracts/transfer.contract';

/**
 * Every entity described with defineEntity, in one list: the server registers their routes and the
 * contract test walks them from it; the route table and the pop-up registry find their screens in it;
 * their downloads are purposes because they are here. A new entity is one line.
 */
export const ENTITIES: readonly AnyEntity[] = [
  agentApiKeyEntity,
  autoCallEntity,
  blacklistEntity,
  branchExtensionEntity,
  callbackGroupEntity,
  callbackNumberEntity,
  callerIdEntity,
  inboundNumberEntity,
  ivrEntity,
  messageCategoryEntity,
  messageTemplateEntity,
  queueEntity,
  ringGroupEntity,
  soundFileEntity,
  taskCategoryEntity,
  timeConditionEntity,
  transferEntity,
  transferHistoryEntity,
];

export function entityNamed(name: string): AnyEntity | undefined {
  return ENTITIES.find((entity) => entity.name === name);
}
