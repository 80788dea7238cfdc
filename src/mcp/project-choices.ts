/**
 * The answer to "use this project server?" kept where Claude Code keeps it: the local
 * settings' `enabledMcpjsonServers`, `enableAllProjectMcpServers` or
 * `disabledMcpjsonServers` (`.tick/settings.local.json`, yours alone, kept out of git).
 */
import { excludeFromGit } from '../config/git-exclude';
import { localPath } from '../config/local-rules';
import { editSettingsFile, type JsonObject } from '../config/settings-edit';

/** `approve`: this server; `approve-all`: every server of the project's .mcp.json, now and later. */
export type ProjectAnswer = 'approve' | 'approve-all' | 'reject';

function names(settings: JsonObject, key: string): string[] {
  const value = settings[key];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** Records the answer; returns the file it went to. */
export async function saveProjectChoice(
  cwd: string,
  server: string,
  answer: ProjectAnswer,
): Promise<string> {
  const path = localPath(cwd);
  await editSettingsFile(path, `the answer for ${server} was not saved`, (settings) => {
    const enabled = names(settings, 'enabledMcpjsonServers').filter((name) => name !== server);
    const disabled = names(settings, 'disabledMcpjsonServers').filter((name) => name !== server);
    if (answer === 'reject') disabled.push(server);
    else enabled.push(server);
    return {
      ...settings,
      ...(answer === 'approve-all' ? { enableAllProjectMcpServers: true } : {}),
      enabledMcpjsonServers: enabled,
      disabledMcpjsonServers: disabled,
    };
  });
  excludeFromGit(path);
  return path;
}
