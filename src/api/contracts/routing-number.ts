import { digitsField } from '../entities/entity-fields';
import type { AccessRule } from '../resources/resource-contract';

/**
 * The number a call reaches an inbound number, IVR, ring group or callback group by (CONTRACT §10):
 * digits only, up to 20, unique within the entity; the server also keeps it apart from the others,
 * the company's queues and its users' extensions (server/src/routes/routing/routing-number.parts.ts).
 */
export const routingNumberField = (messages: { required: string; unique: string }) =>
  digitsField({ required: messages.required, unique: messages.unique, invalid: 'validation.routing_number_digits', max: 20, search: true, sort: true });

/** Routing is configuration: managers only (specification §2 /configuration, CONTRACT §10). */
export const ROUTING_CONFIGURATION_ACCESS: { read: AccessRule; write: AccessRule } = {
  read: { roles: ['manager'] },
  write: { roles: ['manager'] },
};
