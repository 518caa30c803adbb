import type { CompanyPermission, Role, UserPermission } from '../../../src/api/permissions/catalogue';

/**
 * The demo data of CONTRACT §6. The seed writes it into an empty database; the production guard uses
 * the same list to refuse starting while any of these accounts still has its demo password.
 */

export type DemoCompanyKey = 'demo' | 'acme';

export interface DemoCompany {
  key: DemoCompanyKey;
  name: string;
  apiKey: string | null;
  permissions: CompanyPermission[];
  canProvideAgentApi: boolean;
}

export interface DemoAccount {
  username: string;
  password: string;
  name: string;
  role: Role;
  company: DemoCompanyKey | null;
  extension: string | null;
  permissions: UserPermission[];
  agentApiKey?: string;
  email?: string;
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    key: 'demo',
    name: 'Demo Call Centre',
    apiKey: 'demo-company-key',
    permissions: [
      'company_can_use_dashboard',
      'company_can_use_sms',
      'company_can_use_queue_board',
      'company_can_use_auto_call',
      'company_can_provide_agent_api',
    ],
    canProvideAgentApi: true,
  },
  {
    key: 'acme',
    name: 'Acme Support',
    apiKey: null,
    permissions: ['company_can_use_sms', 'company_can_use_queue_board'],
    canProvideAgentApi: false,
  },
];

/** No cti_new_window for agents, so they get the in-page dialog mode (specification §4). */
const AGENT_BASE: UserPermission[] = ['consultations', 'callbacks', 'members', 'cti_click_to_call'];

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'admin', password: 'admin1234', name: 'Platform Admin', role: 'admin', company: null, extension: null, permissions: [] },
  {
    username: 'manager',
    password: 'manager1234',
    name: '김지수',
    role: 'manager',
    company: 'demo',
    extension: '1000',
    permissions: [],
    email: 'manager@demo-callcentre.example',
  },
  {
    username: 'agent1',
    password: 'agent1234',
    name: '이민호',
    role: 'agent',
    company: 'demo',
    extension: '1001',
    permissions: [
      ...AGENT_BASE,
      'dashboard',
      'cti_transfer',
      'cti_one_touch_recording',
      'cti_call_forwarding',
      'tasks',
      'schedules',
      'messages',
      'sms',
      'outbound_call_popup',
      'callback_share',
      'member_export',
    ],
    agentApiKey: 'demo-agent1-key',
    email: 'agent1@demo-callcentre.example',
  },
  {
    username: 'agent2',
    password: 'agent1234',
    name: '박서준',
    role: 'agent',
    company: 'demo',
    extension: '1002',
    permissions: [...AGENT_BASE, 'cti_transfer'],
  },
  {
    username: 'user',
    password: 'user1234',
    name: '최수아',
    role: 'agent',
    company: 'demo',
    extension: '1003',
    permissions: [...AGENT_BASE, 'dashboard', 'tasks', 'schedules'],
  },
  {
    username: 'acme-manager',
    password: 'acme1234',
    name: '한도윤',
    role: 'manager',
    company: 'acme',
    extension: '2000',
    permissions: [],
  },
  {
    username: 'acme-agent',
    password: 'acme1234',
    name: '윤하린',
    role: 'agent',
    company: 'acme',
    extension: '2001',
    permissions: [...AGENT_BASE, 'dashboard'],
  },
];

export interface DemoMember {
  company: DemoCompanyKey;
  name: string;
  phoneNumber: string;
  groups: string[];
  levels: string[];
  customFields: Record<string, unknown>;
}

export const DEMO_MEMBERS: DemoMember[] = [
  { company: 'demo', name: '김민준', phoneNumber: '01055550001', groups: ['VIP'], levels: ['Gold'], customFields: { city: '서울' } },
  // Two members share one number so an inbound call from it opens the select-member pop-up.
  { company: 'demo', name: '이서연', phoneNumber: '01055550002', groups: ['일반'], levels: ['Silver'], customFields: { city: '부산' } },
  { company: 'demo', name: '이도현', phoneNumber: '01055550002', groups: ['일반'], levels: ['Bronze'], customFields: { city: '부산' } },
  { company: 'demo', name: '정예은', phoneNumber: '0221234567', groups: ['기업'], levels: ['Silver'], customFields: {} },
  // Same number as a Demo member: lookups must never cross companies.
  { company: 'acme', name: '강지호', phoneNumber: '01055550001', groups: ['VIP'], levels: ['Gold'], customFields: {} },
];

/**
 * Member settings (groups, levels, custom fields) for each company: exactly the names its demo members
 * use, so the member forms and filters offer them and renaming one updates those members.
 */
export interface DemoMemberSettings {
  company: DemoCompanyKey;
  groups: string[];
  levels: string[];
  customFields: { name: string; fieldType: 'text' | 'number' | 'date' }[];
}

export const DEMO_MEMBER_SETTINGS: DemoMemberSettings[] = [
  {
    company: 'demo',
    groups: ['VIP', '일반', '기업'],
    levels: ['Gold', 'Silver', 'Bronze'],
    customFields: [
      { name: 'city', fieldType: 'text' },
      { name: 'birthday', fieldType: 'date' },
    ],
  },
  { company: 'acme', groups: ['VIP'], levels: ['Gold'], customFields: [{ name: 'city', fieldType: 'text' }] },
];

export const DEMO_QUEUES = [
  { company: 'demo' as const, number: '500', name: 'Customer Service', strategy: 'ringall', members: ['1001', '1002'] },
];
