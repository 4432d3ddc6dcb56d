import {
  consoleAgentAssign,
  consoleAgentPlanSave,
  consoleAgentPlans,
  consoleAgentReport,
  consoleAgents,
  consoleAgentStatementPay,
  consoleAgentStatements,
  consoleAgentStatus,
} from '@app/contract/console-agents';
import type { AgentStatus, StatementState } from '@app/contract/agent-plans';
import type { RequestOf } from '@app/contract/define';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiReply } from '@/shared/api';

/** Every list of 代理管理 starts with this key: a write reads them all again. */
export const AGENTS_KEY = ['console', 'agents'] as const;

/** The tree a page at a time: top agents, a parent's sub-agents, or a name found anywhere. */
export interface AgentsPage {
  q?: string;
  parent_id?: number;
  page: number;
  pageSize: number;
}

export const agentsQuery = (p: AgentsPage) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'tree', p],
    queryFn: () => callApi(consoleAgents, p),
    placeholderData: keepPreviousData,
  });

export const plansQuery = () =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'plans'],
    queryFn: async () => (await callApi(consoleAgentPlans, {})).plans,
  });

export interface StatementsPage {
  state?: StatementState;
  page: number;
  pageSize: number;
}

export const statementsQuery = (p: StatementsPage) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'statements', p],
    queryFn: () => callApi(consoleAgentStatements, p),
    placeholderData: keepPreviousData,
  });

export const agentReportQuery = (start_date: string, end_date: string) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'report', { start_date, end_date }],
    queryFn: async () => (await callApi(consoleAgentReport, { start_date, end_date })).rows,
    placeholderData: keepPreviousData,
  });

/** A write of this feature: the server's message with its data, every list read again after. */
function useAgentsWrite<I, R>(fn: (input: I) => Promise<{ data: R; message: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: AGENTS_KEY }),
  });
}

export const useSavePlan = () =>
  useAgentsWrite((body: RequestOf<typeof consoleAgentPlanSave>) => callApiReply(consoleAgentPlanSave, body));

export const useAssignPlan = () =>
  useAgentsWrite((v: { id: number; plan_id: number }) => callApiReply(consoleAgentAssign, v));

export const useAgentStatus = () =>
  useAgentsWrite((v: { id: number; status: AgentStatus; reason: string }) =>
    callApiReply(consoleAgentStatus, v),
  );

/** 发放: files the payment for a second 财务 (the reply's message says so). */
export const usePayStatement = () =>
  useAgentsWrite((id: number) => callApiReply(consoleAgentStatementPay, { id }));
