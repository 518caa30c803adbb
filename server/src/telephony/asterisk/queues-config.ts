// The company's queues as queues.conf sections: one per queue, named by its number (the name the
// driver's QueueReset and the call tracker's QueueCallerJoin already use), with its strategy, members
// (`member => SIP/1001,<penalty>`) and wrap-up time. The maximum wait and the overflow are the Queue()
// application's timeout in the dialplan (routing-dialplan.ts), not queues.conf settings. The periodic
// announcement and the caller's position are queues.conf's; hold music would need a musiconhold class
// per sound file and is not written yet.

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

/** How often a waiting caller hears the announcement or their position when the queue does not say. */
const DEFAULT_ANNOUNCE_EVERY_S = 60;

/** The queue's announcement (`periodic-announce`) and position (`announce-position`) settings. */
function announceLines(queue: DirectoryGroup, soundPrefix: string): ConfigLine[] {
  const announce = queue.announce;
  if (!announce) return [];
  const every = String(Math.floor(announce.everyS ?? DEFAULT_ANNOUNCE_EVERY_S));
  return [
    ...(announce.soundFileId !== null ? [setting('periodic-announce', `${soundPrefix}${dialplanNumber(String(announce.soundFileId), 'a sound file id')}`), setting('periodic-announce-frequency', every)] : []),
    ...(announce.position ? [setting('announce-position', 'yes'), setting('announce-frequency', every)] : []),
  ];
}

export function generateQueuesConfig(queues: readonly DirectoryGroup[], tech: 'SIP' | 'PJSIP', soundPrefix = 'custom/callcentre/sound-'): ConfigSection[] {
  return queues.map((queue) => ({
    name: dialplanNumber(queue.number, 'a queue'),
    lines: [
      setting('strategy', QUEUE_STRATEGY[queue.strategy] ?? 'ringall'),
      ...(queue.wrapupS ? [setting('wrapuptime', String(queue.wrapupS))] : []),
      ...announceLines(queue, soundPrefix),
      ...queue.members.map((member): ConfigLine => {
        const penalty = queue.penalties?.[member] ?? 0;
        const value = `${tech}/${dialplanNumber(member, 'a queue member')}${penalty > 0 ? `,${penalty}` : ''}`;
        return { key: 'member', value, object: true };
      }),
    ],
  }));
}
