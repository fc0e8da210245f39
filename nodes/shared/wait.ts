import * as n8nWorkflow from 'n8n-workflow';

type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

// n8n 2.x's sleep takes the execution's cancel signal; n8n 1.x has the same as sleepWithAbort
// (its sleep ignores a signal). Read once from whichever n8n-workflow the host n8n provides.
const abortableSleep: Sleep =
	(n8nWorkflow as unknown as { sleepWithAbort?: Sleep }).sleepWithAbort ?? n8nWorkflow.sleep;

/**
 * Waits `ms` (a Retry-After, a backoff, the pace after a rate limit), ending at once with
 * n8n's cancellation error when the user cancels the execution. Without a signal (a trigger
 * poll, the editor's list search), the wait runs its course.
 */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
	await abortableSleep(ms, signal);
}
