// The company's queues as queues.conf sections: one per queue, named by its number (the name the
// driver's QueueReset and the call tracker's QueueCallerJoin already use), with its strategy and members.

import type { DirectoryGroup } from '../driver';
import { dialplanNumber, setting, type ConfigLine, type ConfigSection } from './config-sections';

/** Our strategies in app_queue's words: round-robin that remembers where it stopped is `rrmemory`. */
const QUEUE_STRATEGY: Record<string, string> = { ringall: 'ringall', roundrobin: 'rrmemory' };

export function generateQueuesConfig(queues: readonly DirectoryGroup[], tech: 'SIP' | 'PJSIP'): ConfigSection[] {
  return queues.map((queue) => ({
    name: dialplanNumber(queue.number, 'a queue'),
    lines: [
      setting('strategy', QUEUE_STRATEGY[queue.strategy] ?? 'ringall'),
      ...queue.members.map((member): ConfigLine => ({ key: 'member', value: `${tech}/${dialplanNumber(member, 'a queue member')}`, object: true })),
    ],
  }));
}
