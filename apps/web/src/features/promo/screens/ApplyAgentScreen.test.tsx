import { applyAgent } from '@app/contract/agents';
import { user as userInfo } from '@app/contract/auth';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, reply } from '@app/mobile/test/msw-contract';
import { MEMBER } from '@test/msw/fixtures';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

async function clearToasts() {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  act(() => Toast.clear());
}

/** A member whose bound mobile is 13912345678, and the applications sent. */
function withBoundMobile(): unknown[] {
  const sent: unknown[] = [];
  server.use(
    reply(userInfo, { ...MEMBER, mobile: '13912345678' }),
    http.post(applyAgent.path, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ code: 200, message: 'ok', data: null });
    }),
  );
  return sent;
}

describe('/applyagent', () => {
  it('sends a visitor to /login', async () => {
    const { location } = renderApp('/applyagent');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fapplyagent'));
  });

  it('shows the read-only username and real name, and the messages of spec §5 in order', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(applyAgent.path, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ code: 200, message: 'ok', data: null });
      }),
    );
    const { user } = renderApp('/applyagent', { token: 'tok' });
    await waitFor(() => expect(screen.getByLabelText('用户名')).toHaveValue('demo001'));
    expect(screen.getByLabelText('用户名')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('真实姓名')).toHaveValue('张三');
    expect(screen.getByLabelText('真实姓名')).toHaveAttribute('readonly');

    const submit = screen.getByRole('button', { name: '加入我们' });
    await user.click(submit);
    expect(await screen.findByText('请输入正确手机号')).toBeInTheDocument();
    await clearToasts();
    await user.type(screen.getByLabelText('联系电话'), '13812345678');
    await user.click(submit);
    expect(await screen.findByText('请输入申请理由')).toBeInTheDocument();
    await clearToasts();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('申请理由'), '有推广资源');
    await user.click(submit);
    expect(await screen.findByText('提交成功，等待后台审核')).toBeInTheDocument();
    expect(sent).toEqual([{ mobile: '13812345678', apply_info: '有推广资源' }]);
  });

  it('starts with the member’s bound mobile, which can be changed before sending', async () => {
    const sent = withBoundMobile();
    const { user } = renderApp('/applyagent', { token: 'tok' });
    const phone = await screen.findByLabelText('联系电话');
    await waitFor(() => expect(phone).toHaveValue('13912345678'));
    expect(phone).not.toHaveAttribute('readonly');
    await user.clear(phone);
    await user.type(phone, '13812345678');
    await user.type(screen.getByLabelText('申请理由'), '有推广资源');
    await user.click(screen.getByRole('button', { name: '加入我们' }));
    expect(await screen.findByText('提交成功，等待后台审核')).toBeInTheDocument();
    expect(sent).toEqual([{ mobile: '13812345678', apply_info: '有推广资源' }]);
  });

  it('sends the bound mobile as it is when left alone', async () => {
    const sent = withBoundMobile();
    const { user } = renderApp('/applyagent', { token: 'tok' });
    await waitFor(() => expect(screen.getByLabelText('联系电话')).toHaveValue('13912345678'));
    await user.type(screen.getByLabelText('申请理由'), '有推广资源');
    await user.click(screen.getByRole('button', { name: '加入我们' }));
    await waitFor(() => expect(sent).toEqual([{ mobile: '13912345678', apply_info: '有推广资源' }]));
  });

  it('shows a refusal of the server', async () => {
    server.use(fail(applyAgent, 400, '您已提交过申请'));
    const { user } = renderApp('/applyagent', { token: 'tok' });
    await user.type(await screen.findByLabelText('联系电话'), '13812345678');
    await user.type(screen.getByLabelText('申请理由'), '有推广资源');
    await user.click(screen.getByRole('button', { name: '加入我们' }));
    expect(await screen.findByText('您已提交过申请')).toBeInTheDocument();
  });
});
