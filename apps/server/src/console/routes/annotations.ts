import {
  consoleAddMemberNote,
  consoleCreateMemberTag,
  consoleDeleteMemberTag,
  consoleMemberNotes,
  consoleMemberTags,
  consoleTagMembers,
  consoleUpdateMemberTag,
} from '@app/contract/console-annotations';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoint } from '../../http/console-endpoint';
import { addNote, listNotes } from '../../modules/member/admin-notes';
import { createTag, deleteTag, listTags, tagMembers, updateTag } from '../../modules/member/admin-tags';

/** Console routes of this area (calls in @app/contract/console-annotations): member tags and notes. */
export default async function consoleRoutes(app: FastifyInstance) {
  tagRoutes(app);
  consoleEndpoint(app, consoleMemberNotes, async ({ input }) => ({ data: await listNotes(app.db, input) }));
  consoleEndpoint(app, consoleAddMemberNote, async ({ input, actor, audit }) => {
    const note = await addNote(app.db, actor, input);
    await audit({
      action: 'member.note',
      targetType: 'member',
      targetId: input.id,
      after: { note_id: note.id, body: note.body },
    });
    return { data: note, message: '备注已添加' };
  });
}

/** Member tags: the list, create, update, delete, and bulk tagging. */
function tagRoutes(app: FastifyInstance) {
  consoleEndpoint(app, consoleMemberTags, async () => ({ data: await listTags(app.db) }));
  consoleEndpoint(app, consoleCreateMemberTag, async ({ input, audit }) => {
    const tag = await createTag(app.db, input);
    await audit({ action: 'memberTag.create', targetType: 'memberTag', targetId: tag.id, after: tag });
    return { data: tag, message: '标签已创建' };
  });
  consoleEndpoint(app, consoleUpdateMemberTag, async ({ input, audit }) => {
    const r = await updateTag(app.db, input);
    await audit({
      action: 'memberTag.update',
      targetType: 'memberTag',
      targetId: input.id,
      before: r.before,
      after: r.after,
    });
    return { data: r.after, message: '标签已保存' };
  });
  consoleEndpoint(app, consoleDeleteMemberTag, async ({ input, audit }) => {
    const r = await deleteTag(app.db, input.id);
    await audit({
      action: 'memberTag.delete',
      targetType: 'memberTag',
      targetId: input.id,
      before: { ...r.before, members: r.members },
    });
    return { data: { id: input.id, members: r.members }, message: '标签已删除' };
  });
  consoleEndpoint(app, consoleTagMembers, async ({ input, audit }) => {
    const changed = await tagMembers(app.db, input);
    const add = input.action === 'add';
    await audit({
      action: add ? 'member.tag' : 'member.untag',
      targetType: 'member',
      targetId: input.member_ids.length === 1 ? input.member_ids[0] : '',
      after: { member_ids: input.member_ids, tag_ids: input.tag_ids, changed },
    });
    const verb = add ? '已打标签' : '已移除标签';
    return { data: { changed }, message: `${verb}（${input.member_ids.length} 位会员）` };
  });
}
