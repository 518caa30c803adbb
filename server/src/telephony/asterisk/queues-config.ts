// The company's queues as queues.conf sections: one per queue, named by its number (the name the
// driver's QueueReset and the call tracker's QueueCallerJoin already use), with its strategy, members
// (`member => SIP/1001,<penalty>`) and wrap-up time. The maximum wait and the overflow are the Queue()
// application's timeout in the dialplan (routing-dialplan.ts), not queues.conf settings.

import type { DirectoryGroup } from '../driver';
import { dialplanNumber, setting, type ConfigLine, type ConfigSection } from './config-sections';

/** Our strategies are app_queue's names; the old `roundrobin` remembered where it stopped: `rrmemory`. */
const QUEUE_STRATEGY: Record<string, string> = {
  ringall: 'ringall',
  leastrecent: 'leastrecent',
  fewestcalls: 'fewestcalls',
  rrmemory: 'rrmemory',
  linear: 'linear',
  random: 'random',
  roundrobin: 'rrmemory',
};

export function generateQueuesConfig(queues: readonly DirectoryGroup[], tech: 'SIP' | 'PJSIP'): ConfigSection[] {
  return queues.map((queue) => ({
    name: dialplanNumber(queue.number, 'a queue'),
    lines: [
      setting('strategy', QUEUE_STRATEGY[queue.strategy] ?? 'ringall'),
      ...(queue.wrapupS ? [setting('wrapuptime', String(queue.wrapupS))] : []),
      ...queue.members.map((member): ConfigLine => {
        const penalty = queue.penalties?.[member] ?? 0;
        const value = `${tech}/${dialplanNumber(member, 'a queue member')}${penalty > 0 ? `,${penalty}` : ''}`;
        return { key: 'member', value, object: true };
      }),
    ],
  }));
}
