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
  /** The user form requires one (specification §5), so a demo user can be edited as seeded (QA). */
  departmentId?: number;
  permissions: UserPermission[];
  /** Seeded as the user's agent API key ("Demo key" in agent_api_keys, kept as SHA-256). */
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
    departmentId: 1,
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
    departmentId: 1,
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
      'worktime_switch',
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
    departmentId: 1,
    permissions: [...AGENT_BASE, 'cti_transfer'],
  },
  {
    username: 'user',
    password: 'user1234',
    name: '최수아',
    role: 'agent',
    company: 'demo',
    extension: '1003',
    departmentId: 2,
    permissions: [...AGENT_BASE, 'dashboard', 'tasks', 'schedules'],
  },
  {
    username: 'acme-manager',
    password: 'acme1234',
    name: '한도윤',
    role: 'manager',
    company: 'acme',
    extension: '2000',
    departmentId: 1,
    permissions: [],
  },
  {
    username: 'acme-agent',
    password: 'acme1234',
    name: '윤하린',
    role: 'agent',
    company: 'acme',
    extension: '2001',
    departmentId: 1,
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

/**
 * Consultation settings and records (issue 4 item 4). Both companies share the big category "배송"
 * (delivery) with its small category "지연" (delay), so tests can write the same consultation in either.
 */
export interface DemoConsultationSettings {
  company: DemoCompanyKey;
  inquiries: string[];
  departments: string[];
  bigCategories: { name: string; smallCategories: string[] }[];
  customFields: { name: string; fieldType: 'text' | 'number' | 'date' }[];
}

export const DEMO_CONSULTATION_SETTINGS: DemoConsultationSettings[] = [
  {
    company: 'demo',
    inquiries: ['일반 문의', '불만', '칭찬'],
    departments: ['고객지원팀', '기술지원팀', '영업팀'],
    bigCategories: [
      { name: '배송', smallCategories: ['지연', '파손'] },
      { name: '상품', smallCategories: ['가격', '재고'] },
      { name: '기타', smallCategories: [] },
    ],
    customFields: [
      { name: 'order_no', fieldType: 'text' },
      { name: 'visit_date', fieldType: 'date' },
    ],
  },
  { company: 'acme', inquiries: ['General'], departments: ['Support'], bigCategories: [{ name: '배송', smallCategories: ['지연'] }], customFields: [] },
];

export interface DemoConsultation {
  company: DemoCompanyKey;
  /** The member with this number (and name, where several share it); none for an unknown caller. */
  member?: { phoneNumber: string; name: string };
  phoneNumber: string;
  agent: string;
  direction: 'inbound' | 'outbound';
  title: string;
  content: string;
  inquiry?: string;
  department?: string;
  bigCategory: string;
  smallCategory?: string;
  treatmentResult: 'receipt' | 'progress' | 'waiting' | 'complete';
  customFields?: Record<string, string>;
  /** How many days ago it was written, so the date filters have something to find. */
  daysAgo: number;
}

export const DEMO_CONSULTATIONS: DemoConsultation[] = [
  {
    company: 'demo',
    member: { phoneNumber: '01055550001', name: '김민준' },
    phoneNumber: '01055550001',
    agent: 'agent1',
    direction: 'inbound',
    title: '배송 지연 문의',
    content: '주문한 상품이 예정일보다 이틀 늦어지고 있다는 문의. 택배사 확인 후 회신 약속.',
    inquiry: '일반 문의',
    department: '고객지원팀',
    bigCategory: '배송',
    smallCategory: '지연',
    treatmentResult: 'complete',
    customFields: { order_no: 'A-1001' },
    daysAgo: 3,
  },
  {
    company: 'demo',
    member: { phoneNumber: '01055550002', name: '이서연' },
    phoneNumber: '01055550002',
    agent: 'agent2',
    direction: 'outbound',
    title: '가격 문의 회신',
    content: '지난주 문의한 대량 구매 할인 조건 안내.',
    inquiry: '일반 문의',
    department: '영업팀',
    bigCategory: '상품',
    smallCategory: '가격',
    treatmentResult: 'progress',
    daysAgo: 1,
  },
  {
    company: 'demo',
    phoneNumber: '0212345678',
    agent: 'agent1',
    direction: 'inbound',
    title: '불만 접수',
    content: '회원이 아닌 고객의 상담원 응대 불만. 담당 팀장에게 전달.',
    inquiry: '불만',
    bigCategory: '기타',
    treatmentResult: 'receipt',
    daysAgo: 0,
  },
  {
    company: 'demo',
    member: { phoneNumber: '0221234567', name: '정예은' },
    phoneNumber: '0221234567',
    agent: 'manager',
    direction: 'outbound',
    title: '파손 상품 교환 안내',
    content: '교환 상품 재고 입고 대기 중.',
    department: '기술지원팀',
    bigCategory: '배송',
    smallCategory: '파손',
    treatmentResult: 'waiting',
    customFields: { visit_date: '2025-03-20' },
    daysAgo: 7,
  },
  {
    company: 'acme',
    member: { phoneNumber: '01055550001', name: '강지호' },
    phoneNumber: '01055550001',
    agent: 'acme-agent',
    direction: 'inbound',
    title: 'Delivery delay',
    content: 'Parcel late by one day.',
    inquiry: 'General',
    department: 'Support',
    bigCategory: '배송',
    smallCategory: '지연',
    treatmentResult: 'complete',
    daysAgo: 2,
  },
];

/**
 * The platform's servers (docs/servers.md): this app's own built-in CTI server (`/cti`), its database
 * and its socket.io node, each probed in-process, so every health check is up out of the box.
 */
export const DEMO_PLATFORM_SERVERS = {
  cti: [{ name: 'Built-in CTI', kind: 'builtin', scheme: 'http', host: '', port: 0, base_path: '/cti' }],
  databases: [{ name: 'App database', kind: 'builtin', host: '', port: 0, database: '', username: '' }],
  nodes: [{ name: 'App socket node', kind: 'builtin', domain: '', host: '', port: 0, namespace: '/announcement' }],
} as const;
