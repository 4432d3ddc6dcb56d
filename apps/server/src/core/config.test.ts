import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('configuration', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: join(REPO_ROOT, 'data'),
      webDist: join(REPO_ROOT, 'apps/web/dist'),
      databaseUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
      publicUrl: 'http://127.0.0.1:8080',
      rateLimit: {
        loginPerMinute: 20,
        loginFailuresPer15Min: 5,
        loginNameFailuresPer15Min: 100,
        registerPerHour: 10,
        ordersPerSecond: 5,
      },
    });
    // The repository root is found from this file's place, whatever the checkout is called.
    expect(existsSync(join(REPO_ROOT, 'packages/contract/package.json'))).toBe(true);
  });

  it('resolves relative directories against the repository root, not the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'var/db', WEB_DIST: 'x/dist' })).toMatchObject({
      dataDir: join(REPO_ROOT, 'var/db'),
      webDist: join(REPO_ROOT, 'x/dist'),
    });
    expect(loadConfig({ DATA_DIR: '/srv/data' }).dataDir).toBe('/srv/data');
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/app',
      LOTTERY_PERIOD_SECONDS: '30',
      DEMO_AUTO_APPROVE_SECONDS: '5',
      CLOCK_OFFSET_SECONDS: '-3600',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      CSP_FRAME_SRC: 'https://chat.example.com https://sponsor.example.org',
      RATE_LIMIT_LOGIN_PER_MINUTE: '7',
      RATE_LIMIT_LOGIN_FAILURES_PER_15MIN: '3',
      RATE_LIMIT_NAME_FAILURES_PER_15MIN: '50',
      RATE_LIMIT_REGISTER_PER_HOUR: '4',
      RATE_LIMIT_ORDERS_PER_SECOND: '9',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/app',
      lotteryPeriodSeconds: 30,
      demoAutoApproveSeconds: 5,
      clockOffsetSeconds: -3600,
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      publicUrl: 'http://127.0.0.1:9000',
      cspFrameSrc: ['https://chat.example.com', 'https://sponsor.example.org'],
      rateLimit: {
        loginPerMinute: 7,
        loginFailuresPer15Min: 3,
        loginNameFailuresPer15Min: 50,
        registerPerHour: 4,
        ordersPerSecond: 9,
      },
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ PUBLIC_URL: 'https://m.example.com/' }).publicUrl).toBe('https://m.example.com');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATA_DIR: ' ', LOG_LEVEL: '' })).toMatchObject({
      port: 8080,
      logLevel: 'info',
    });
  });

  it('stops with a message naming every bad variable', () => {
    const bad = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'the internet',
        RATE_LIMIT_LOGIN_PER_MINUTE: '0',
      });
    expect(bad).toThrow(ConfigError);
    const message = (() => {
      try {
        bad();
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(message).toContain('PORT="eighty": must be a whole number between 0 and 65535');
    expect(message).toContain('DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// URL');
    expect(message).toContain('LOG_LEVEL="loud"');
    expect(message).toContain('TRUST_PROXY="the internet"');
    expect(message).toContain('RATE_LIMIT_LOGIN_PER_MINUTE="0"');
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '80.5' })).toThrow(/PORT/);
  });

  it('stops the clock at CLOCK_FIXED_AT for tests, never with NODE_ENV=production', () => {
    expect(loadConfig({}).clockFixedAt).toBeUndefined();
    expect(loadConfig({ CLOCK_FIXED_AT: '2026-01-15T10:30:00+08:00' }).clockFixedAt).toBe(
      Date.parse('2026-01-15T02:30:00Z'),
    );
    expect(() => loadConfig({ CLOCK_FIXED_AT: '2026-01-15 10:30' })).toThrow(/CLOCK_FIXED_AT/);
    expect(() => loadConfig({ CLOCK_FIXED_AT: '2026-13-01T10:30:00Z' })).toThrow(/real date and time/);
    expect(() => loadConfig({ CLOCK_FIXED_AT: '2026-01-15T10:30:00Z', NODE_ENV: 'production' })).toThrow(
      /CLOCK_FIXED_AT.*refused with NODE_ENV=production/,
    );
  });
});
