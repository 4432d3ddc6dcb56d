import { MSG_REAL_NAME, MSG_REAL_NAME_SET } from '@app/contract/member';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../../test/helpers';
import { memberTestApp, refused, t } from './test-support';

memberTestApp();

const realName = async (token: string) =>
  dataOf<{ realname: string }>(await t.post('/api/user', {}, { token })).realname;
const save = (token: string, body: unknown) => t.post('/api/updateuserinfo', body, { token });
const bindBank = (token: string, owner: string, no: string) =>
  t.post(
    '/api/bindcard',
    { bank: '招商银行', bank_owner: owner, bank_no: no, bank_address: '深圳', pay_pass: 'secret123' },
    { token },
  );

/* The real name was an empty read-only box for ever (walk-through 2026-11-27): it is now set once. */
describe('the real name', () => {
  it('is set once on /userInfo; the same name again is fine, another is refused', async () => {
    const m = await t.newMember();
    expect(await realName(m.token)).toBe('');
    expect((await save(m.token, { realname: ' 王小明 ' })).body?.message).toBe('修改成功');
    expect(await realName(m.token)).toBe('王小明');
    dataOf(await save(m.token, { realname: '王小明', email: 'a@b.cn' }));
    expect(refused(await save(m.token, { realname: '王大明' }))).toEqual([400, MSG_REAL_NAME_SET]);
    expect(await realName(m.token)).toBe('王小明');
  });

  it.each([
    ['one character', '王'],
    ['digits', '王小明1'],
    ['a symbol', '王<b>'],
    ['mixed scripts', '王Wang'],
    ['too long', '王'.repeat(21)],
    ['a dot at the end', '阿不都·'],
  ])('refuses %s', async (_label, name) => {
    const m = await t.newMember();
    expect(refused(await save(m.token, { realname: name }))).toEqual([400, MSG_REAL_NAME]);
    expect(await realName(m.token)).toBe('');
  });

  it.each(['阿不都·热合曼', 'John Smith', '欧阳娜娜'])('takes %s', async (name) => {
    const m = await t.newMember();
    dataOf(await save(m.token, { realname: name }));
    expect(await realName(m.token)).toBe(name);
  });

  it('two different names at once: one is kept, the other is told it is set', async () => {
    const m = await t.newMember();
    const replies = await Promise.all(['张三', '李四'].map((n) => save(m.token, { realname: n })));
    expect(replies.map((r) => r.body?.code).sort()).toEqual([200, 400]);
    const kept = await realName(m.token);
    expect(['张三', '李四']).toContain(kept);
    expect(replies.find((r) => r.body?.code === 400)?.body?.message).toBe(MSG_REAL_NAME_SET);
  });

  it("a bank card's holder fills an empty real name, never a set one", async () => {
    const m = await t.newMember();
    dataOf(await bindBank(m.token, '会员甲1', `62220000770${m.id}`.slice(0, 19))); // not a name: left empty
    expect(await realName(m.token)).toBe('');
    dataOf(await bindBank(m.token, '王小明', `62220000880${m.id}`.slice(0, 19)));
    expect(await realName(m.token)).toBe('王小明');
    dataOf(await bindBank(m.token, '李四', `62220000990${m.id}`.slice(0, 19)));
    expect(await realName(m.token)).toBe('王小明');
  });
});
