/** localStorage keys, exactly as the specification's section 3 (CONTRACT §9). Tests outside rely on them. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  userInfo: 'userInfo',
  language: 'language',
  theme: 'theme',
  identity: 'identity',
  extension: 'extension',
  phoneNumber: 'phoneNumber',
  verticalNavMenuWidth: 'verticalNavMenuWidth',
  /**
   * Not the specification's: while the platform administrator works as another user (login-as), their
   * own session (`{ token, refreshToken, userInfo }`), restored by "Back to my session"
   * (docs/administration.md). Cleared with the session like the others.
   */
  impersonatorSession: 'impersonatorSession',
} as const;

/** Keys that survive a failed token refresh or a logout (specification section 8). */
export const KEPT_ON_SIGN_OUT = [STORAGE_KEYS.language, STORAGE_KEYS.verticalNavMenuWidth, STORAGE_KEYS.theme] as const;
