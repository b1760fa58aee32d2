// Notices of ended background tasks: given once per task, per session, bounded.
import { beforeEach, describe, expect, it } from 'vitest';
import { describeTaskEnd, TaskEndNotices } from '../../src/tasks/taskNotices.js';

let notices: TaskEndNotices;
beforeEach(() => {
  notices = new TaskEndNotices();
});
const queueTaskEndNotice = (notice: Parameters<TaskEndNotices['queue']>[0]) => notices.queue(notice);
const dropTaskEndNotice = (taskId: string) => notices.drop(taskId);
const takeTaskEndReminders = (sessionId: string) => notices.take(sessionId);

const notice = (taskId: string, sessionId = 's1') => ({ taskId, sessionId, command: `job ${taskId}`, status: 'completed' as const, exitCode: 0 });

describe('task end notices', () => {
  it('are taken once, in the order the tasks ended, and only by their own session', () => {
    queueTaskEndNotice(notice('a'));
    queueTaskEndNotice(notice('b', 'other'));
    queueTaskEndNotice(notice('c'));
    const taken = takeTaskEndReminders('s1');
    expect(taken).toHaveLength(2);
    expect(taken[0]).toContain('Background task a (job a) completed with exit code 0');
    expect(taken[1]).toContain('Background task c');
    expect(takeTaskEndReminders('s1')).toEqual([]);
    expect(takeTaskEndReminders('other')).toHaveLength(1);
  });

  it('a dropped notice is never given', () => {
    queueTaskEndNotice(notice('d'));
    dropTaskEndNotice('d');
    expect(takeTaskEndReminders('s1')).toEqual([]);
  });

  it('keep at most 20 per session, the newest', () => {
    for (let index = 0; index < 25; index++) queueTaskEndNotice(notice(`t${index}`, 'busy'));
    const taken = takeTaskEndReminders('busy');
    expect(taken).toHaveLength(20);
    expect(taken[0]).toContain('Background task t5 ');
    expect(taken[19]).toContain('Background task t24 ');
  });

  it('say how the task ended, with long commands shortened', () => {
    expect(describeTaskEnd({ ...notice('k'), status: 'killed', exitCode: null })).toContain('was killed by a signal');
    expect(describeTaskEnd({ ...notice('f'), status: 'failed', exitCode: 2 })).toContain('failed with exit code 2');
    const long = describeTaskEnd({ ...notice('l'), command: 'x'.repeat(200) });
    expect(long).toContain(`${'x'.repeat(77)}...`);
    expect(long).not.toContain('x'.repeat(78));
  });
});
