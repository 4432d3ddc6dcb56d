import type { ConsoleSamples } from './types';

/**
 * A valid request for each console call of this area (by call name), made fresh for every role the
 * role matrix tries (console-roles.test.ts): the call must succeed for the roles it names.
 */
export const SAMPLES: ConsoleSamples = {
  consoleSiteSettings: async () => ({}),
  // Off: the role matrix's database stays open for the members' calls of other samples.
  consoleSetMaintenance: async () => ({ on: false, repair_tips: '系统升级中' }),
  consoleSetSiteAddresses: async () => ({
    service_url: '/support/',
    agent_login_url: 'https://agent.example.com/login',
    ios_download_url: '/support/app/',
    ios_download_qrcode: '/assets-seed/download-qr.svg',
    h5_url: 'https://m.example.com/',
  }),
  consoleRedPackets: async () => ({}),
  consoleSetRedPacketSwitch: async () => ({ on: true }),
  consoleSetRedPacketBands: async () => ({
    bands: [
      { min_deposit: '500.00', max_deposit: '1999.99', claims: 1, max_amount: '8.88' },
      { min_deposit: '2000.00', max_deposit: '999999999.99', claims: 2, max_amount: '18.88' },
    ],
  }),
};
