import {
  consoleSetMaintenance,
  consoleSetSiteAddresses,
  consoleSiteSettings,
  MSG_H5_URL_ABSOLUTE,
  msgAddressInvalid,
  type SiteSettingsView,
} from '@app/contract/console-site';
import { reviewSubmittedMessage } from '@app/contract/console-approvals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen, TEST_OPERATOR } from '@test/render';
import SiteSettingsScreen from './SiteSettingsScreen';

const CONTENT = { ...TEST_OPERATOR, name: 'yunying01', role: 'content' as const };
const settings = (over: Partial<SiteSettingsView> = {}): SiteSettingsView => ({
  maintenance: false,
  repair_tips: '',
  service_url: '/support/',
  agent_login_url: '/agent/',
  ios_download_url: '/support/app/',
  ios_download_qrcode: '/assets-seed/download-qr.svg',
  h5_url: 'https://m.example.com/',
  updated_at: '2026-11-25 10:00:00',
  ...over,
});

describe('SiteSettingsScreen', () => {
  it('turns maintenance on with its message after a confirmation, then off', async () => {
    let current = settings();
    const sent: unknown[] = [];
    server.use(
      answer(consoleSiteSettings, () => current),
      answer(consoleSetMaintenance, (input) => {
        sent.push(input);
        current = settings({ maintenance: input.on, repair_tips: input.repair_tips ?? '' });
        return current;
      }),
    );
    renderScreen(<SiteSettingsScreen />, { operator: CONTENT });
    fireEvent.change(await screen.findByLabelText('维护提示'), { target: { value: '系统升级中' } });
    fireEvent.click(screen.getByRole('button', { name: '开启维护' }));
    // The confirmation's own 开启维护.
    await screen.findByText('开启后会员端只显示维护提示，直到关闭维护。');
    const [, confirm] = screen.getAllByRole('button', { name: '开启维护' });
    fireEvent.click(confirm as HTMLElement);
    expect(await screen.findByText('维护中')).toBeInTheDocument();
    expect(sent).toEqual([{ on: true, repair_tips: '系统升级中' }]);
    expect(screen.getByLabelText('维护提示')).toHaveValue('系统升级中');
    fireEvent.click(screen.getByRole('button', { name: '关闭维护' }));
    expect(await screen.findByText('正常开放')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ on: false, repair_tips: '系统升级中' });
  }, 90_000);

  it('checks each address by the server rule before sending, and shows a refusal', async () => {
    const sent: unknown[] = [];
    server.use(
      answer(consoleSiteSettings, settings()),
      answer(consoleSetSiteAddresses, (input) => {
        sent.push(input);
        return { refuse: { status: 400, message: '代理登录地址须为 http(s) 地址或本站路径（以 / 开头）' } };
      }),
    );
    renderScreen(<SiteSettingsScreen />, { operator: CONTENT });
    const user = userEvent.setup({ delay: null });
    const service = await screen.findByLabelText('客服地址');
    fireEvent.change(service, { target: { value: 'javascript:alert(1)' } });
    const h5 = screen.getByLabelText('推广链接域名');
    fireEvent.change(h5, { target: { value: '/m/' } });
    await user.click(screen.getByRole('button', { name: '保存地址' }));
    expect(await screen.findByText(msgAddressInvalid('service_url'))).toBeInTheDocument();
    expect(screen.getByText(MSG_H5_URL_ABSOLUTE)).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(service, { target: { value: 'https://kefu.example.com/' } });
    fireEvent.change(h5, { target: { value: 'https://m2.example.com/' } });
    await user.click(screen.getByRole('button', { name: '保存地址' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      service_url: 'https://kefu.example.com/',
      h5_url: 'https://m2.example.com/',
    });
    expect(
      await screen.findByText('代理登录地址须为 http(s) 地址或本站路径（以 / 开头）'),
    ).toBeInTheDocument();
  }, 90_000);

  it('says a change to another site went to 待复核 and keeps showing the address in force', async () => {
    server.use(
      answer(consoleSiteSettings, settings()),
      answer(consoleSetSiteAddresses, () => ({
        review_id: 7,
        summary: '客服地址改为 https://kefu.example.com/',
      })),
    );
    renderScreen(<SiteSettingsScreen />, { operator: CONTENT });
    const user = userEvent.setup({ delay: null });
    fireEvent.change(await screen.findByLabelText('客服地址'), {
      target: { value: 'https://kefu.example.com/' },
    });
    await user.click(screen.getByRole('button', { name: '保存地址' }));
    expect(
      await screen.findByText(`${reviewSubmittedMessage('site.addresses')}；通过前会员仍使用原地址`),
    ).toBeInTheDocument();
    expect(screen.queryByText('站点地址已保存')).toBeNull();
    expect(reviewSubmittedMessage('site.addresses')).toBe(
      '已提交复核（更改站点地址），另一位超级管理员通过后生效',
    );
  }, 90_000);

  it('shows 无权访问 when the server refuses the role', async () => {
    server.use(answer(consoleSiteSettings, { refuse: { status: 403, message: '无权限执行此操作' } }));
    renderScreen(<SiteSettingsScreen />);
    expect(await screen.findByText('无权访问')).toBeInTheDocument();
  }, 90_000);
});
