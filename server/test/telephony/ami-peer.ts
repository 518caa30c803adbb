// A TCP peer that speaks AMI the way Asterisk documents it: the `Asterisk Call Manager/…` banner,
// `Response:` blocks carrying the ActionID, list responses, and events replayed from transcripts.
// It records every action the driver sends, so tests can assert the exact AMI traffic.

import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type Fields = Record<string, string>;

export interface RecordedAction {
  fields: Fields;
  /** The action as sent, minus its ActionID line (which varies). */
  text: string;
}

/** Write transcripts with plain newlines; the wire uses CRLF and a blank line after each message. */
export function transcript(text: string): string {
  const body = text.replace(/^\n+/, '').replace(/\n+$/, '');
  return `${body.replace(/\n/g, '\r\n')}\r\n\r\n`;
}

export interface ConfigCategory {
  name: string;
  lines: string[];
}

export class AmiPeer {
  readonly actions: RecordedAction[] = [];
  readonly astdb = new Map<string, string>();
  /** ExtensionState answers, by extension. */
  readonly extensionStates = new Map<string, number>();
  /** Channels listed by CoreShowChannels. */
  channels: string[] = [];
  /** Configuration files as CreateConfig / UpdateConfig leave them: categories of `key => value` or `key = value` lines. */
  readonly configFiles = new Map<string, ConfigCategory[]>();
  /** Per-action overrides: return a transcript to answer with, or undefined for the default. */
  override: (fields: Fields, id: string) => string | undefined = () => undefined;
  private readonly sockets = new Set<Socket>();
  private readonly waiters: { name: string; resolve: (a: RecordedAction) => void }[] = [];
  private server!: Server;
  port = 0;

  static async start(credentials = { username: 'crm', secret: 's3cret' }): Promise<AmiPeer> {
    const peer = new AmiPeer(credentials);
    await peer.listen();
    return peer;
  }

  private constructor(private readonly credentials: { username: string; secret: string }) {}

  private listen(): Promise<void> {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.setEncoding('utf8');
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      socket.write('Asterisk Call Manager/5.0.2\r\n');
      let buffer = '';
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\r\n\r\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 4);
          this.receive(socket, block);
        }
      });
    });
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  /** Replay events to every connected client. */
  send(text: string): void {
    for (const socket of this.sockets) socket.write(transcript(text));
  }

  /** The next action named `name` (already received or still to come). */
  nextAction(name: string): Promise<RecordedAction> {
    const seen = this.actions.find((a) => a.fields.Action === name && !this.taken.has(a));
    if (seen) {
      this.taken.add(seen);
      return Promise.resolve(seen);
    }
    return new Promise((resolve) => this.waiters.push({ name, resolve }));
  }

  private readonly taken = new Set<RecordedAction>();

  /** Actions after Login, as `Action` names. */
  names(): string[] {
    return this.actions.map((a) => a.fields.Action ?? '').filter((n) => n !== 'Login');
  }

  /** A configuration file as Asterisk would write it (`[category]` then its lines), undefined when missing. */
  configText(file: string): string | undefined {
    return this.configFiles.get(file)?.map((category) => [`[${category.name}]`, ...category.lines].join('\n')).join('\n\n');
  }

  last(): RecordedAction | undefined {
    return this.actions.at(-1);
  }

  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  get connections(): number {
    return this.sockets.size;
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private receive(socket: Socket, block: string): void {
    const fields: Fields = {};
    const lines = block.split('\r\n');
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trim();
    }
    const id = fields.ActionID ?? '';
    const action: RecordedAction = { fields, text: lines.filter((l) => !l.startsWith('ActionID:')).join('\n') };
    this.actions.push(action);
    const waiter = this.waiters.findIndex((w) => w.name === fields.Action);
    if (waiter !== -1) {
      const [w] = this.waiters.splice(waiter, 1);
      this.taken.add(action);
      w?.resolve(action);
    }
    socket.write(this.override(fields, id) ?? this.answer(fields, id));
  }

  /** manager.c's handle_updates, for the operations the driver uses: all or nothing, then saved to DstFilename. */
  private updateConfig(f: Fields, id: string): string {
    const source = this.configFiles.get(f.SrcFilename ?? '');
    const fail = (message: string) => transcript(`Response: Error\nActionID: ${id}\nMessage: ${message}`);
    if (!f.SrcFilename || !f.DstFilename) return fail('Filename not specified');
    if (!source) return fail('Config file not found');
    const file = source.map((category) => ({ name: category.name, lines: [...category.lines] }));
    for (let n = 0; ; n += 1) {
      const suffix = String(n).padStart(6, '0');
      const action = f[`Action-${suffix}`];
      if (!action) break;
      const cat = f[`Cat-${suffix}`] ?? '';
      const index = file.findIndex((category) => category.name === cat);
      if (action === 'DelCat') {
        if (index === -1) return fail('Given category does not exist');
        file.splice(index, 1);
      } else if (action === 'NewCat') {
        if (index !== -1) return fail('Create category did not complete successfully');
        file.push({ name: cat, lines: [] });
      } else if (action === 'Append') {
        if (index === -1) return fail('Given category does not exist');
        const value = f[`Value-${suffix}`] ?? '';
        const line = value.startsWith('>') ? `${f[`Var-${suffix}`]} => ${value.slice(1)}` : `${f[`Var-${suffix}`]} = ${value}`;
        file[index]!.lines.push(line);
      } else {
        return fail('Unknown action command');
      }
    }
    this.configFiles.set(f.DstFilename, file);
    return transcript(`Response: Success\nActionID: ${id}`);
  }

  private answer(f: Fields, id: string): string {
    const ok = (message: string) => transcript(`Response: Success\nActionID: ${id}\nMessage: ${message}`);
    const error = (message: string) => transcript(`Response: Error\nActionID: ${id}\nMessage: ${message}`);
    const key = `${f.Family}/${f.Key}`;
    switch (f.Action) {
      case 'Login':
        if (f.Username !== this.credentials.username || f.Secret !== this.credentials.secret) return error('Authentication failed');
        return ok('Authentication accepted') + transcript('Event: FullyBooted\nPrivilege: system,all\nUptime: 5\nLastReload: 5\nStatus: Fully Booted');
      case 'Originate':
        return ok('Originate successfully queued');
      case 'ExtensionState': {
        const status = this.extensionStates.get(f.Exten ?? '') ?? 0;
        return transcript(`Response: Success\nActionID: ${id}\nMessage: Extension Status\nExten: ${f.Exten}\nContext: ${f.Context}\nHint: SIP/${f.Exten}\nStatus: ${status}\nStatusText: ${status === 0 ? 'Idle' : 'InUse'}`);
      }
      case 'DBPut':
        this.astdb.set(key, f.Val ?? '');
        return ok('Updated database successfully');
      case 'DBDel':
        return this.astdb.delete(key) ? ok('Key deleted successfully') : error('Database entry not found');
      case 'DBGet': {
        const value = this.astdb.get(key);
        if (value === undefined) return error('Database entry not found');
        return ok('Result will follow') + transcript(`Event: DBGetResponse\nFamily: ${f.Family}\nKey: ${f.Key}\nVal: ${value}\nActionID: ${id}`);
      }
      case 'CoreShowChannels':
        return (
          transcript(`Response: Success\nActionID: ${id}\nEventList: start\nMessage: Channels will follow`) +
          this.channels.map((c) => transcript(`Event: CoreShowChannel\nActionID: ${id}\nChannel: ${c}\nChannelState: 6\nChannelStateDesc: Up`)).join('') +
          transcript(`Event: CoreShowChannelsComplete\nActionID: ${id}\nEventList: Complete\nListItems: ${this.channels.length}`)
        );
      case 'CreateConfig': {
        if (this.configFiles.has(f.Filename ?? '')) return error('File exists');
        this.configFiles.set(f.Filename ?? '', []);
        return ok('New configuration file created successfully');
      }
      case 'ListCategories': {
        const file = this.configFiles.get(f.Filename ?? '');
        if (!file) return error('Config file not found');
        const listed = file.map((category, index) => `\nCategory-${String(index).padStart(6, '0')}: ${category.name}`).join('');
        return transcript(`Response: Success\nActionID: ${id}${listed || '\nError: no categories found'}`);
      }
      case 'UpdateConfig':
        return this.updateConfig(f, id);
      case 'Reload':
        return ok('Module Reloaded');
      default:
        return ok(`${f.Action} done`);
    }
  }
}
