/* Who may use the agent back office: an approved agent (an agents row) whose standing, with every
 * upline's, is not frozen. Every office call and the ticket into it ask this first. */
import { MSG_AGENT_FROZEN_OFFICE, MSG_NOT_AGENT } from '@app/contract/agent-office';
import type { AgentStatus } from '@app/contract/agent-plans';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { agentRow, effectiveStatus, type AgentRow } from './tree';

export interface OfficeAgent {
  agent: AgentRow;
  /** Its effective standing (active or suspended here: a frozen one never gets this far). */
  status: AgentStatus;
}

export async function officeAgent(db: Db, userId: number): Promise<OfficeAgent> {
  const agent = await agentRow(db, userId);
  if (!agent) throw new BusinessError(MSG_NOT_AGENT, 403);
  const status = await effectiveStatus(db, agent);
  if (status === 'frozen') throw new BusinessError(MSG_AGENT_FROZEN_OFFICE, 403);
  return { agent, status };
}
