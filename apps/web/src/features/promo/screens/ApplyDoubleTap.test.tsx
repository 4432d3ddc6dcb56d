import { applyAgent } from '@app/contract/agents';
import { applyActivity } from '@app/contract/promo';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createsOnce } from '@test/msw/creating';
import { promoHandlers } from '@test/msw/promo';
import { server } from '@test/msw/server';
import { renderApp } from '@test/render';

/* An application tapped twice (issue 30): one request, the first one's answer, no 已提交 error. */

describe('an application tapped twice', () => {
  it('立即申请 sends one activity application and shows no error', async () => {
    const { handler, sent } = createsOnce(applyActivity, {
      data: null,
      message: '提交成功，等待后台审核',
      refusal: '您已提交申请，请等待审核',
    });
    server.use(handler, ...promoHandlers);
    const { user } = renderApp('/activityInfo?id=11', { token: 'tok' });

    await user.dblClick(await screen.findByRole('button', { name: '立即申请' }));

    expect(await screen.findByText('提交成功，等待后台审核')).toBeInTheDocument();
    expect(screen.queryByText('您已提交申请，请等待审核')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toBeTruthy();
  });

  it('加入我们 sends one agent application and shows no error', async () => {
    const { handler, sent } = createsOnce(applyAgent, {
      data: null,
      message: '提交成功，等待后台审核',
      refusal: '您的代理申请正在审核中，请耐心等待',
    });
    server.use(handler);
    const { user } = renderApp('/applyagent', { token: 'tok' });
    await user.type(await screen.findByLabelText('联系电话'), '13812345678');
    await user.type(screen.getByLabelText('申请理由'), '有推广资源');

    await user.dblClick(screen.getByRole('button', { name: '加入我们' }));

    expect(await screen.findByText('提交成功，等待后台审核')).toBeInTheDocument();
    expect(screen.queryByText('您的代理申请正在审核中，请耐心等待')).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toBeTruthy();
  });
});
