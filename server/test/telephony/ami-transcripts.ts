// AMI event transcripts in the format Asterisk 13+ documents (fields trimmed to those a real server
// sends for these channels). A customer (trunk) calls 1001 directly, then the same through queue 500.

const channel = (name: string, state: string, desc: string, cid: string, exten: string, uniqueid: string, linkedid: string) => `
Channel: ${name}
ChannelState: ${state}
ChannelStateDesc: ${desc}
CallerIDNum: ${cid}
CallerIDName: <unknown>
ConnectedLineNum: <unknown>
ConnectedLineName: <unknown>
Language: en
AccountCode:
Context: from-internal
Exten: ${exten}
Priority: 1
Uniqueid: ${uniqueid}
Linkedid: ${linkedid}`;

const dest = (name: string, uniqueid: string, linkedid: string) => `
DestChannel: ${name}
DestChannelState: 0
DestChannelStateDesc: Down
DestCallerIDNum: 1001
DestCallerIDName: Agent One
DestConnectedLineNum: 01055550001
DestConnectedLineName: <unknown>
DestLanguage: en
DestAccountCode:
DestContext: from-internal
DestExten: 1001
DestPriority: 1
DestUniqueid: ${uniqueid}
DestLinkedid: ${linkedid}`;

const TRUNK = 'SIP/trunk-00000010';
const AGENT = 'SIP/1001-00000011';

export const DIRECT_RINGING = [
  `Event: Newchannel\nPrivilege: call,all${channel(TRUNK, '4', 'Ring', '01055550001', '1001', '1732345678.16', '1732345678.16')}`,
  `Event: Newchannel\nPrivilege: call,all${channel(AGENT, '0', 'Down', '1001', 's', '1732345678.17', '1732345678.16')}`,
  `Event: DialBegin\nPrivilege: call,all${channel(TRUNK, '4', 'Ring', '01055550001', '1001', '1732345678.16', '1732345678.16')}${dest(AGENT, '1732345678.17', '1732345678.16')}\nDialString: 1001`,
  `Event: Newstate\nPrivilege: call,all${channel(AGENT, '5', 'Ringing', '1001', '1001', '1732345678.17', '1732345678.16')}`,
  'Event: ExtensionStatus\nPrivilege: call,all\nExten: 1001\nContext: ext-local\nHint: SIP/1001\nStatus: 8\nStatusText: Ringing',
].join('\n\n');

export const DIRECT_ANSWERED = [
  `Event: Newstate\nPrivilege: call,all${channel(AGENT, '6', 'Up', '1001', '1001', '1732345678.17', '1732345678.16')}`,
  `Event: DialEnd\nPrivilege: call,all${channel(TRUNK, '4', 'Ring', '01055550001', '1001', '1732345678.16', '1732345678.16')}${dest(AGENT, '1732345678.17', '1732345678.16')}\nDialStatus: ANSWER`,
  'Event: ExtensionStatus\nPrivilege: call,all\nExten: 1001\nContext: ext-local\nHint: SIP/1001\nStatus: 1\nStatusText: InUse',
].join('\n\n');

export const DIRECT_HUNGUP = [
  `Event: Hangup\nPrivilege: call,all${channel(TRUNK, '6', 'Up', '01055550001', '1001', '1732345678.16', '1732345678.16')}\nCause: 16\nCause-txt: Normal Clearing`,
  `Event: Hangup\nPrivilege: call,all${channel(AGENT, '6', 'Up', '1001', '1001', '1732345678.17', '1732345678.16')}\nCause: 16\nCause-txt: Normal Clearing`,
  'Event: ExtensionStatus\nPrivilege: call,all\nExten: 1001\nContext: ext-local\nHint: SIP/1001\nStatus: 0\nStatusText: Idle',
].join('\n\n');

const QTRUNK = 'SIP/trunk-00000020';
const QAGENT = 'SIP/1001-00000021';

export const QUEUE_CALL = [
  `Event: Newchannel\nPrivilege: call,all${channel(QTRUNK, '4', 'Ring', '01055550002', '500', '1732345700.32', '1732345700.32')}`,
  `Event: QueueCallerJoin\nPrivilege: agent,all${channel(QTRUNK, '6', 'Up', '01055550002', '500', '1732345700.32', '1732345700.32')}\nQueue: 500\nPosition: 1\nCount: 1`,
  `Event: AgentCalled\nPrivilege: agent,all${channel(QTRUNK, '6', 'Up', '01055550002', '500', '1732345700.32', '1732345700.32')}${dest(QAGENT, '1732345700.33', '1732345700.32')}\nQueue: 500\nInterface: SIP/1001\nMemberName: Agent One`,
  `Event: DialBegin\nPrivilege: call,all${channel(QTRUNK, '6', 'Up', '01055550002', '500', '1732345700.32', '1732345700.32')}${dest(QAGENT, '1732345700.33', '1732345700.32')}\nDialString: SIP/1001`,
  `Event: AgentConnect\nPrivilege: agent,all${channel(QTRUNK, '6', 'Up', '01055550002', '500', '1732345700.32', '1732345700.32')}${dest(QAGENT, '1732345700.33', '1732345700.32')}\nQueue: 500\nInterface: SIP/1001\nMemberName: Agent One\nHoldTime: 3\nRingTime: 2`,
].join('\n\n');

/** The caller of QUEUE_CALL hangs up first, then the agent's channel goes. */
export const QUEUE_CALL_HUNGUP = [
  `Event: Hangup\nPrivilege: call,all${channel(QTRUNK, '6', 'Up', '01055550002', '500', '1732345700.32', '1732345700.32')}\nCause: 16\nCause-txt: Normal Clearing`,
  `Event: Hangup\nPrivilege: call,all${channel(QAGENT, '6', 'Up', '1001', '1001', '1732345700.33', '1732345700.32')}\nCause: 16\nCause-txt: Normal Clearing`,
].join('\n\n');

const WTRUNK = 'SIP/trunk-00000030';
const waiting = (state: string, desc: string) => channel(WTRUNK, state, desc, '01055550003', '500', '1732345800.40', '1732345800.40');

/** A caller waits in queue 500 while no member is free (no agent is ever called) and gives up after 42 s. */
export const QUEUE_ABANDONED_UNRUNG = [
  `Event: Newchannel\nPrivilege: call,all${waiting('4', 'Ring')}`,
  `Event: QueueCallerJoin\nPrivilege: agent,all${waiting('6', 'Up')}\nQueue: 500\nPosition: 1\nCount: 1`,
  `Event: QueueCallerAbandon\nPrivilege: agent,all${waiting('6', 'Up')}\nQueue: 500\nPosition: 1\nOriginalPosition: 1\nHoldTime: 42`,
  `Event: QueueCallerLeave\nPrivilege: agent,all${waiting('6', 'Up')}\nQueue: 500\nCount: 0\nPosition: 1`,
  `Event: Hangup\nPrivilege: call,all${waiting('6', 'Up')}\nCause: 16\nCause-txt: Normal Clearing`,
].join('\n\n');

const TTRUNK = 'SIP/trunk-00000050';
const timedOut = (state: string, desc: string) => channel(TTRUNK, state, desc, '01055550004', '500', '1732345900.50', '1732345900.50');

/** The queue's timeout sends the caller on without anyone answering (no QueueCallerAbandon); the dialplan then hangs up. */
export const QUEUE_TIMED_OUT = [
  `Event: Newchannel\nPrivilege: call,all${timedOut('4', 'Ring')}`,
  `Event: QueueCallerJoin\nPrivilege: agent,all${timedOut('6', 'Up')}\nQueue: 500\nPosition: 1\nCount: 1`,
  `Event: QueueCallerLeave\nPrivilege: agent,all${timedOut('6', 'Up')}\nQueue: 500\nCount: 0\nPosition: 1`,
  `Event: Hangup\nPrivilege: call,all${timedOut('6', 'Up')}\nCause: 16\nCause-txt: Normal Clearing`,
].join('\n\n');

export const queueMemberStatus = (paused: boolean, reason: string, status = 1) =>
  `Event: QueueMemberStatus
Privilege: agent,all
Queue: 500
MemberName: Agent One
Interface: SIP/1001
StateInterface: SIP/1001
Membership: dynamic
Penalty: 0
CallsTaken: 3
LastCall: 1732345000
LastPause: 1732345600
LoginTime: 1732340000
InCall: 0
Status: ${status}
Paused: ${paused ? 1 : 0}
PausedReason: ${reason}
Ringinuse: 0
Wrapuptime: 0`;

export const AGENT_CHANNEL = AGENT;
export const TRUNK_CHANNEL = TRUNK;
