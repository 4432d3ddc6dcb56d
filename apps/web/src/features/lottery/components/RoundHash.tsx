import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { copyText } from '@app/mobile/copy';
import { showToast } from '@/shared/ui/toast';

/** The first and last characters of a 64-character hash, for a line that must fit a phone. */
export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;
}

/**
 * 本期哈希: the open round's sha256(seed), published before any bet, so that anyone can hold the draw
 * to it: at the draw the seed is revealed, and 往期 → 验证 checks the seed against this hash.
 */
export function RoundHash({ expect, hash }: { expect: string; hash: string | null }) {
  const [open, setOpen] = useState(false);
  if (!hash) return null;
  const copy = async () => {
    const outcome = await copyText(hash);
    showToast(
      outcome === 'failed' ? '复制失败，请长按哈希手动复制' : '哈希已复制',
      outcome === 'failed' ? 'fail' : 'success',
    );
  };
  return (
    <>
      <button
        type="button"
        className="round-hash"
        aria-label="本期哈希"
        data-testid="round-hash"
        onClick={() => setOpen(true)}
      >
        <span className="round-hash-label">本期哈希</span>
        <span className="round-hash-value">{shortHash(hash)}</span>
        <span className="round-hash-more">查看</span>
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="lottery-sheet"
      >
        <div className="lottery-sheet-body" role="dialog" aria-label="本期哈希">
          <h2 className="lottery-sheet-title">第{expect}期 开奖哈希</h2>
          <p className="verify-hex" data-testid="round-hash-full">
            {hash}
          </p>
          <ol className="verify-how">
            <li>本期开始投注时即公布此哈希，开奖结果由一个随机种子决定，哈希是该种子的 SHA-256 值。</li>
            <li>
              开奖时公布种子；种子一旦公布，任何人都可核对它的哈希是否与此处一致，开奖号码是否由它算出。
            </li>
            <li>开奖后在「往期」中点该期的「验证」，即可在本机重新计算核对。</li>
          </ol>
          <div className="bet-actions round-hash-actions">
            <button type="button" className="bet-button" onClick={() => setOpen(false)}>
              关闭
            </button>
            <button type="button" className="bet-button primary" onClick={() => void copy()}>
              复制哈希
            </button>
          </div>
        </div>
      </Popup>
    </>
  );
}
