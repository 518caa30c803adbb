import { agentApiKeyEntity } from '../../../../src/api/contracts/agent-api-key.contract';
import { autoCallEntity } from '../../../../src/api/contracts/auto-call.contract';
import { blacklistEntity } from '../../../../src/api/contracts/blacklist.contract';
import { branchExtensionEntity } from '../../../../src/api/contracts/branch-extension.contract';
import { callbackGroupEntity } from '../../../../src/api/contracts/callback-group.contract';
import { callbackNumberEntity } from '../../../../src/api/contracts/callback-number.contract';
import { callerIdEntity } from '../../../../src/api/contracts/caller-id.contract';
import { inboundNumberEntity } from '../../../../src/api/contracts/inbound-number.contract';
import { ivrEntity } from '../../../../src/api/contracts/ivr.contract';
import { messageCategoryEntity } from '../../../../src/api/contracts/message-category.contract';
import { messageTemplateEntity } from '../../../../src/api/contracts/message-template.contract';
import { queueEntity } from '../../../../src/api/contracts/queue.contract';
import { ringGroupEntity } from '../../../../src/api/contracts/ring-group.contract';
import { soundFileEntity } from '../../../../src/api/contracts/sound-file.contract';
import { taskCategoryEntity } from '../../../../src/api/contracts/task-category.contract';
import { timeConditionEntity } from '../../../../src/api/contracts/time-condition.contract';
import { transferEntity, transferHistoryEntity } from '../../../../src/api/contracts/transfer.contract';
import { entityTable } from '../entity-table';

/**
 * The tables of the entities described with defineEntity (src/api/entities/entity-catalogue.ts), one
 * line each: drizzle-kit finds tables by their exported names, so each is exported here.
 */
export const agentApiKeys = entityTable(agentApiKeyEntity);
export const blacklistEntries = entityTable(blacklistEntity);
export const branchExtensions = entityTable(branchExtensionEntity);
export const callbackNumbers = entityTable(callbackNumberEntity);
export const callerIds = entityTable(callerIdEntity);
export const messageCategories = entityTable(messageCategoryEntity);
export const messageTemplates = entityTable(messageTemplateEntity);
export const soundFiles = entityTable(soundFileEntity);
export const taskCategories = entityTable(taskCategoryEntity);
export const transfers = entityTable(transferEntity);
export const transferHistory = entityTable(transferHistoryEntity);
// Routing (issue 17): what an inbound call meets (server/src/services/routing reads them).
export const inboundNumbers = entityTable(inboundNumberEntity);
export const timeConditions = entityTable(timeConditionEntity);
export const ivrs = entityTable(ivrEntity);
export const ringGroups = entityTable(ringGroupEntity);
export const callbackGroups = entityTable(callbackGroupEntity);
// Queues (issue 18): members with penalties as jsonb; migration 0023 moved `queue_members` in.
export const queues = entityTable(queueEntity);
// Auto-call campaigns (issue 19); their numbers are auto_call_numbers (schema/auto-call.ts).
export const autoCallCampaigns = entityTable(autoCallEntity);
