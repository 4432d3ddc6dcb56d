import {
  consoleCreateLotteryRoom,
  consoleUpdateLotteryRoom,
  MSG_ROOM_VIP_LEVEL,
  ROOM_TITLE_MAX,
  type LotteryRoomRow,
} from '@app/contract/console-lottery';
import { ROOM_VIP_LEVEL_MAX, ROOM_VIP_LEVEL_MIN } from '@app/contract/lottery';
import { Alert, App, Form, Input, InputNumber, Modal, Switch, Typography } from 'antd';
import { errorMessage } from '@/shared/api';
import { useLotteryWrite } from '../api';

type Values = { title: string; sort: number; enabled: boolean; min_vip_level: number };

/** What the room dialog edits: an existing room, or a new one of a lottery. */
export type RoomTarget = { lotteryId: number; lotteryTitle: string; room: LotteryRoomRow | null };

/** The room's fields: name, order, open or closed, lowest VIP level (the server checks each too). */
function RoomFields() {
  return (
    <>
      <Form.Item
        label="房间名称"
        name="title"
        rules={[
          { required: true, whitespace: true, message: '请填写房间名称' },
          { max: ROOM_TITLE_MAX, message: `房间名称最多${ROOM_TITLE_MAX}个字` },
        ]}
      >
        <Input maxLength={ROOM_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item label="排序（小的在前）" name="sort" rules={[{ required: true, message: '请填写排序' }]}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label="开启"
        name="enabled"
        valuePropName="checked"
        extra="关闭后会员看不到该房间，也不能在其中投注。"
      >
        <Switch checkedChildren="开启" unCheckedChildren="关闭" />
      </Form.Item>
      <Form.Item
        label="VIP等级（最低）"
        name="min_vip_level"
        extra="低于该等级的会员可以进入观看，但不能在房间内投注和发言；1 为所有会员。"
        rules={[
          { required: true, message: MSG_ROOM_VIP_LEVEL },
          {
            type: 'integer',
            min: ROOM_VIP_LEVEL_MIN,
            max: ROOM_VIP_LEVEL_MAX,
            message: MSG_ROOM_VIP_LEVEL,
          },
        ]}
      >
        <InputNumber
          min={ROOM_VIP_LEVEL_MIN}
          max={ROOM_VIP_LEVEL_MAX}
          precision={0}
          prefix="VIP"
          style={{ width: 160 }}
        />
      </Form.Item>
    </>
  );
}

/**
 * 添加房间 / 编辑房间: name, order (smaller first), open or closed, and the lowest VIP level that may bet
 * and chat.
 */
export function RoomModal({ target, onClose }: { target: RoomTarget | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const done = (r: LotteryRoomRow) => {
    message.success(target?.room ? `房间 ${r.title} 已保存` : `房间 ${r.title} 已添加`);
    onClose();
  };
  const create = useLotteryWrite(consoleCreateLotteryRoom, done);
  const update = useLotteryWrite(consoleUpdateLotteryRoom, done);
  const write = target?.room ? update : create;
  const room = target?.room;
  return (
    <Modal
      open={target !== null}
      title={room ? `编辑房间 ${room.title}` : `为 ${target?.lotteryTitle ?? ''} 添加房间`}
      okText="保存"
      okButtonProps={{ loading: write.isPending }}
      cancelButtonProps={{ disabled: write.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      afterClose={() => {
        create.reset();
        update.reset();
      }}
      destroyOnHidden
    >
      {write.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={errorMessage(write.error)} />
      )}
      {target && (
        <Form
          form={form}
          layout="vertical"
          initialValues={
            room
              ? {
                  title: room.title,
                  sort: room.sort,
                  enabled: room.enabled,
                  min_vip_level: room.min_vip_level,
                }
              : { sort: 0, enabled: true, min_vip_level: ROOM_VIP_LEVEL_MIN }
          }
          onFinish={(v) =>
            room
              ? update.mutate({ id: room.id, ...v })
              : create.mutate({ lottery_id: target.lotteryId, ...v })
          }
        >
          <RoomFields />
        </Form>
      )}
      <Typography.Text type="secondary">此操作将记入审计日志。</Typography.Text>
    </Modal>
  );
}
