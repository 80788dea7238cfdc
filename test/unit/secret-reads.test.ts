import { listedFiles } from '../../src/permissions/shell/listed-files';
import { describe, expect, it } from 'vitest';
import { shellPolicy } from '../support/shell-policy';

// Secrets reached indirectly: a file list fed to a reader (xargs, `$(...)`), a glob that can
// name a secret, a search that descends into the home folder. Chosen from how credentials
// are hunted for in files (MITRE ATT&CK T1552.001 "Credentials In Files": find/locate/grep
// over home and /, key and .env names), each idiom written with the listers people use
// (find, fd, ls, grep -l, rg -l, locate), beside the everyday forms that must still run.
const { stopped, runs } = shellPolicy();

describe('a file list fed to a reader is judged by what it may list', () => {
  stopped([
    [`find . -name "*.env" | xargs cat`, /may be secret \(\*\.env\)/],
    [`find / -name "*.pem" 2>/dev/null | xargs cat`, /secret file \(\*\.pem\)/],
    [`find . -name "*.key" -print0 | xargs -0 cat`, /secret file \(\*\.key\)/],
    [`find ~/.ssh -type f | xargs cat`, /secrets in ~\/\.ssh/],
    [`find ~/.aws | xargs grep -i key`, /secrets in ~\/\.aws/],
    [`ls ~/.ssh/* | xargs cat`, /secrets in ~\/\.ssh/],
    [`ls ~/.ssh | xargs -I{} cat ~/.ssh/{}`, /secrets in ~\/\.ssh/],
    [`fd .env | xargs cat`, /may be secret/],
    [`fd -H -e pem . ~ | xargs cat`, /every file under ~/],
    [`locate id_rsa | xargs cat`, /may be secret \(\*id_rsa\*\)/],
    [`grep -rl api_key ~ | xargs cat`, /every file under ~/],
    [
      `rg -l --hidden token ~/.config | xargs head`,
      /every file under ~\/\.config, ~\/\.config\/\w+ included/,
    ],
    [`cat $(find ~ -name id_rsa)`, /secret file \(id_rsa\)/],
    [`cat \`find ~ -name id_ed25519\``, /secret file \(id_ed25519\)/],
    [`head -50 $(find . -name ".env*")`, /may be secret \(\.env\*\)/],
    [`grep -l PRIVATE $(find ~ -name "*.pem")`, /secret file \(\*\.pem\)/],
  ]);
  runs([
    `find . -name "*.ts" | xargs wc -l`,
    `find src -name "*.ts" -print0 | xargs -0 grep -n TODO`,
    `find . -type f | xargs grep TODO`,
    `git ls-files | xargs cat`,
    `git diff --name-only | xargs head -5`,
    `rg -l useState src | xargs sed -n 1,5p`,
    `fd -e ts . src | xargs wc -l`,
    `ls *.md | xargs cat`,
    `wc -l $(git ls-files '*.ts')`,
    `cat $(find docs -name "*.md")`,
  ]);
});

describe('a glob that can name a secret', () => {
  stopped([
    [`cat ./.env*`, /may be secret \(\.env\*\)/],
    [`cat id_*`, /may be secret \(id_\*\)/],
    [`head config/*.key*`, /may be secret/],
    [`find . -name ".env*" -exec cat {} +`, /may be secret \(\.env\*\)/],
  ]);
  runs([`cat *.json`, `wc -l *`, `cat *.*`, `head -5 src/*.ts`, `cat .env.example`]);
});

describe('a search through a folder that holds secrets', () => {
  stopped([
    [`grep -r password ~`, /every file under ~, ~\/\.ssh included/],
    [`grep -Rni "BEGIN RSA" /`, /every file under \//],
    [`grep --recursive -l secret ~/`, /every file under ~/],
    [`rg -i aws_secret ~`, /every file under ~/],
    [`ag token ~`, /every file under ~/],
    [`find ~ -type f -exec cat {} +`, /every file under ~/],
    [`grep -r root /etc`, /\/etc\/shadow/],
  ]);
  runs([
    `grep -rn TODO .`,
    `grep -r useEffect src`,
    `rg TODO`,
    `rg -n "fn main" src`,
    `grep -e -r file.txt`,
    `grep -n TODO README.md`,
    `find . -type f -exec cat {} +`,
  ]);
});

describe('listedFiles: what a listing command may print', () => {
  const args = (...words: string[]) =>
    words.map((value) => ({ value, glob: /[*?[]/.test(value), raw: value }));
  const shown = (...words: string[]) =>
    listedFiles(args(...words))?.map((a) => `${a.value}${a.tree ? ' (tree)' : ''}`);
  it('find: each start, by its -name patterns, or every file below', () => {
    expect(shown('find', 'a', 'b', '-name', '*.pem')).toEqual(['a/*.pem', 'b/*.pem']);
    expect(shown('find', '/home/u/.ssh', '-type', 'f')).toEqual(['/home/u/.ssh/* (tree)']);
  });
  it('fd, ls, grep -l, rg --files, git ls-files, locate', () => {
    expect(shown('fd', '-e', 'key', 'tok', 'cfg')).toEqual([
      'cfg/* (tree)',
      'cfg/*tok*',
      'cfg/*.key',
    ]);
    expect(shown('ls', '-d', 'x/*')).toEqual(['x/*']);
    expect(shown('ls', '-R', 'x')).toEqual(['x/* (tree)']);
    expect(shown('grep', '-rl', 'secret', 'conf')).toEqual(['conf/* (tree)']);
    expect(shown('rg', '--files', 'a')).toEqual(['a/* (tree)']);
    expect(shown('git', 'ls-files')).toEqual(['* (tree)']);
    expect(shown('locate', 'id_rsa')).toEqual(['/*id_rsa*']);
  });
  it('commands that print lines, not file names: nothing', () => {
    expect(shown('grep', '-r', 'x', '.')).toBeUndefined();
    expect(shown('cat', 'list.txt')).toBeUndefined();
    expect(shown('git', 'log')).toBeUndefined();
  });
});
