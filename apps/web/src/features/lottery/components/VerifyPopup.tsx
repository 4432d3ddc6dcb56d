import type { Draw } from '@app/contract/lottery-result';
import type { LotteryType } from '@app/contract/enums';
import Popup from 'antd-mobile/es/components/popup';
import { verifyReport } from '../verify';

/**
 * 验证: re-runs a draw in the browser (loaded on demand). The round's hash was published when the round
 * opened, before any bet; the seed is revealed at the draw. Anyone can check that the seed is the one
 * behind the hash and that the balls follow from it (lottery-draw's deriveBalls documents each step).
 */
export default function VerifyPopup({
  type,
  draw,
  onClose,
}: {
  type: LotteryType;
  draw: Draw | null;
  onClose: () => void;
}) {
  const report = draw ? verifyReport(type, draw) : null;
  return (
    <Popup visible={draw !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="lottery-sheet">
      {draw && report && (
        <div className="lottery-sheet-body" role="dialog" aria-label="开奖验证">
          <h2 className="lottery-sheet-title">第{draw.expect}期 开奖验证</h2>
          {!report.available ? (
            <p className="verify-note">该期未公布开奖种子，无法验证。</p>
          ) : (
            <>
              <dl className="verify-list">
                <dt>开盘时公布的哈希</dt>
                <dd className="verify-hex">{draw.hash}</dd>
                <dt>开奖时公布的种子</dt>
                <dd className="verify-hex">{draw.seed}</dd>
                <dt>① 本机计算 SHA-256(种子)</dt>
                <dd className="verify-hex">{report.computedHash}</dd>
                <dd className={report.hashMatches ? 'verify-ok' : 'verify-bad'}>
                  {report.hashMatches ? '✓ 与公布的哈希一致' : '✗ 与公布的哈希不一致'}
                </dd>
                <dt>② 本机推算的开奖号码</dt>
                <dd data-testid="verify-derived">{report.derived.join(' ')}</dd>
                <dt>公布的开奖号码</dt>
                <dd>{draw.numbers.join(' ')}</dd>
                <dd className={report.ballsMatch ? 'verify-ok' : 'verify-bad'}>
                  {report.ballsMatch ? '✓ 号码一致' : '✗ 号码不一致'}
                </dd>
              </dl>
              <p className={report.ok ? 'verify-result verify-ok' : 'verify-result verify-bad'} role="status">
                {report.ok ? '验证通过' : '验证失败'}
              </p>
            </>
          )}
          <details className="verify-how">
            <summary>验证方法</summary>
            <ol>
              <li>开盘时服务器随机生成 32 字节种子，只公布其 SHA-256 哈希，开奖前无法更改。</li>
              <li>开奖时公布种子：SHA-256(种子) 必须等于开盘时的哈希。</li>
              <li>
                以种子为密钥，对期号（及「期号:1」「期号:2」…）做 HMAC-SHA256，得到字节流，每 4
                字节读成一个无符号整数 w。
              </li>
              <li>取 0…n−1 的号码：丢弃不小于 2³² − (2³² mod n) 的 w（避免取模偏差），号码 = w mod n。</li>
              <li>
                {type === 2
                  ? '三个号码各取 n = 10（0–9），按顺序即为开奖号码，和值为三者之和。'
                  : '号码池为 1–49，依次抽 7 次（n = 池中个数），抽中后用池尾号码补位；第 7 个为特码。'}
              </li>
            </ol>
          </details>
          <button type="button" className="lottery-sheet-close" onClick={onClose}>
            关闭
          </button>
        </div>
      )}
    </Popup>
  );
}
