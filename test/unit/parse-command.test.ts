import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/permissions/shell/parse-command';

const ctx = { cwd: '/work/ws', home: '/home/tester' };
const parse = (command: string) => parseCommand(command, ctx);
const names = (command: string) => parse(command).map((p) => p.name);
const argv = (command: string) =>
  parse(command).map((p) => p.argv.map((a) => a.value ?? `<${a.unknown}>`));

describe('parseCommand', () => {
  it('splits on ; && || | & and newlines', () => {
    expect(names('a; b && c || d | e & f\ng')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(parse('a | b')[1]).toMatchObject({ stdin: 'pipe', pipelineSize: 2 });
    expect(parse('a | b')[1].upstream.map((p) => p.name)).toEqual(['a']);
    expect(parse('sleep 1 &')[0].background).toBe(true);
  });

  it('keeps quoted operators and comments inside words', () => {
    expect(argv(`echo 'a; rm x' "b && c" # rm -rf /`)).toEqual([['echo', 'a; rm x', 'b && c']]);
    expect(argv('echo a#b')).toEqual([['echo', 'a#b']]);
  });

  it('finds commands inside substitutions, bash -c strings, eval and here-docs', () => {
    expect(names('echo $(date) `whoami` <(ls)')).toEqual(['date', 'whoami', 'ls', 'echo']);
    expect(parse(`bash -c 'cd x && make'`).map((p) => [p.name, p.via])).toEqual([
      ['cd', ['bash -c']],
      ['make', ['bash -c']],
    ]);
    expect(names('eval "ls; pwd"')).toEqual(['ls', 'pwd']);
    expect(names('sh <<EOF\nls\nrm x\nEOF\necho done')).toEqual(['ls', 'rm', 'echo']);
    expect(names("cat <<'EOF'\n$(rm x)\nEOF")).toEqual(['cat']);
    expect(names('cat <<EOF\n$(rm x)\nEOF')).toEqual(['rm', 'cat']);
  });

  it('looks through wrappers and keeps safe ones out of the rule text', () => {
    const [part] = parse('sudo -u bob timeout 5 nice -n 2 env FOO=1 npm test');
    expect(part).toMatchObject({ name: 'npm', wrappers: ['sudo', 'timeout', 'nice', 'env'] });
    expect(part.matchText).toBe('sudo -u bob timeout 5 nice -n 2 env FOO=1 npm test');
    expect(part.coreText).toBe('npm test');
    expect(parse('timeout 5 nice npm test')[0].matchText).toBe('npm test');
    expect(parse('FOO=1 npm test > out.log')[0]).toMatchObject({
      matchText: 'npm test',
      fullText: 'npm test > out.log',
    });
  });

  it('normalises the program name', () => {
    for (const command of [
      '\\rm x',
      "'rm' x",
      '"r"m x',
      '/bin/rm x',
      '/usr/bin/env rm x',
      '$(which rm) x',
    ]) {
      expect(parse(command).at(-1), command).toMatchObject({ name: 'rm', qualified: false });
    }
    expect(parse('./rm x')[0]).toMatchObject({ name: 'rm', qualified: true });
  });

  it('tracks variables and cd within the command', () => {
    expect(argv('D=build; rm -r "$D"/out')).toEqual([[], ['rm', '-r', 'build/out']]);
    expect(argv('X="a b"; printf $X "$X"')[1]).toEqual(['printf', 'a', 'b', 'a b']);
    expect(
      parse('cd src && ls; cd /tmp; ls; cd $X; ls')
        .filter((p) => p.name === 'ls')
        .map((p) => p.cwd),
    ).toEqual(['/work/ws/src', '/tmp', undefined]);
    expect(argv('echo ~ ~/a "~" $HOME ${HOME}')).toEqual([
      ['echo', '/home/tester', '/home/tester/a', '~', '/home/tester', '/home/tester'],
    ]);
    expect(argv('echo {a,b}.txt')).toEqual([['echo', 'a.txt', 'b.txt']]);
  });

  it('turns xargs and find -exec into the command they run', () => {
    expect(parse('ls | xargs -0 rm -f')[1]).toMatchObject({
      name: 'rm',
      via: ['xargs'],
      extraArgs: true,
    });
    expect(argv('echo a b | xargs rm')[1]).toEqual(['rm', 'a', 'b']);
    const [find, exec] = parse('find src -name "*.o" -exec rm {} +');
    expect(find.argv.map((a) => a.value)).toEqual(['find', 'src', '-name', '*.o']);
    expect(exec).toMatchObject({ name: 'rm', via: ['find -exec'] });
    // `{}` is a file under the starting point, named as -name says.
    expect(exec.argv[1]).toMatchObject({ value: 'src/*.o', glob: true });
    expect(parse('find . -exec cat {} +')[1].argv[1]).toMatchObject({ value: '*', glob: true });
    const perName = parse('find / -name .env -name "*.pem" -exec cat {} +').slice(1);
    expect(perName.map((p) => p.argv[1])).toMatchObject([
      { value: '/.env', glob: false },
      { value: '/*.pem', glob: true },
    ]);
    // With alternatives or negations, other files reach the action too.
    const alternatives = parse('find . -name b -prune -o -exec rm -rf {} +').slice(1);
    expect(alternatives.map((p) => p.argv[2].value)).toEqual(['*', 'b']);
    const negated = parse('find . ! -name .gitignore -exec rm -rf {} +').slice(1);
    expect(negated.map((p) => p.argv[2].value)).toEqual(['*']);
  });

  it('reads [[ ]] comparisons as words, not redirections', () => {
    expect(
      parse('[[ $a > /etc/x && -f y ]] && ls').map((p) => [p.name, p.redirects.length]),
    ).toEqual([['ls', 0]]);
    expect(names('[[ $(rm x) == y ]]')).toEqual(['rm']);
  });

  it('records redirections with their targets', () => {
    const [part] = parse('cmd < in.txt > out.txt 2>&1 >> log &> all 2> err >| f');
    expect(part.redirects.map((r) => `${r.kind}:${r.op}:${r.target.value}`)).toEqual([
      'read:<:in.txt',
      'write:>:out.txt',
      'dup:>&:1',
      'write:>>:log',
      'write:&>:all',
      'write:>:err',
      'write:>|:f',
    ]);
  });

  it('marks what it cannot read with confidence', () => {
    const cases: [string, string][] = [
      ['echo "open', 'the command cannot be parsed: unterminated double quote'],
      ["echo 'open", 'the command cannot be parsed: unterminated single quote'],
      ['echo `open', 'the command cannot be parsed: unterminated backtick'],
      ['echo $(open', 'the command cannot be parsed: unterminated $(...)'],
      ['if true; then ls', "the command cannot be parsed: expected 'fi', found end of command"],
      ['cat <<EOF\nno end', 'the command cannot be parsed: here-document is not terminated'],
      ['$CMD -rf x', 'the program name is only known at run time ($CMD)'],
      ['${X:-rm} x', 'the program name is only known at run time (${...})'],
      ['/bin/r? x', 'the program name is a file-name pattern (/bin/r?)'],
      ['bash -c "$SCRIPT"', 'runs code that is only known at run time (bash -c)'],
      ['bash <(cat x)', 'runs code that is only known at run time (bash <(...))'],
      ['base64 -d x | sh', 'runs text piped into sh that is only known at run time'],
      ['curl -s x | bash', 'runs downloaded code (curl | bash)'],
    ];
    for (const [command, reason] of cases) {
      const parts = parse(command).filter((p) => p.unparseable);
      expect(
        parts.map((p) => p.unparseable),
        command,
      ).toEqual([reason]);
    }
  });

  it('marks the function around a part (fork bombs are found from it)', () => {
    const parts = parse(':(){ :|:& };:');
    expect(parts.map((p) => [p.inFunctions, p.background, p.pipelineSize])).toEqual([
      [[':'], true, 2],
      [[':'], true, 2],
      [[], false, 1],
    ]);
  });

  it('fills xargs -I/-i/-J and parallel {} strings from known input', () => {
    // printf's escapes are decoded, so its output is known too.
    expect(argv(`printf 'a\\nb\\n' | xargs -I F cp F F.bak`)[1]).toEqual(['cp', 'a', 'a.bak']);
    expect(argv(`printf '%s\\n' a | xargs -I F cp F F.bak`)[1]).toEqual(['cp', '<F>', '<F.bak>']);
    expect(argv(`xargs -I F cp F F.bak <<EOF\na\nb\nEOF`)).toEqual([
      ['cp', 'a', 'a.bak'],
      ['cp', 'b', 'b.bak'],
    ]);
    expect(argv(`echo src | xargs -I F cp -r F F.bak`)[1]).toEqual(['cp', '-r', 'src', 'src.bak']);
    expect(argv(`echo x y | xargs -J % mv % dir`)[1]).toEqual(['mv', 'x', 'y', 'dir']);
    expect(parse(`ls | xargs -I{} rm {}`)[1].argv.map((a) => a.value)).toEqual(['rm', undefined]);
    expect(argv(`parallel gzip -k {} ::: a.log b.log`)).toEqual([
      ['gzip', '-k', 'a.log'],
      ['gzip', '-k', 'b.log'],
    ]);
    expect(argv(`parallel echo {1}-{2} ::: x ::: 1 2`)).toEqual([
      ['echo', 'x-1'],
      ['echo', 'x-2'],
    ]);
    expect(names(`parallel ::: 'make a' 'npm test'`)).toEqual(['make', 'npm']);
    expect(parse(`cat list | parallel rm`)[1]).toMatchObject({ name: 'rm', extraArgs: true });
  });

  it('splits env -S and keeps walking to the command', () => {
    expect(parse(`env -S 'A=1 B=2 npm test' --watch`)[0]).toMatchObject({
      name: 'npm',
      assigns: [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
      ],
    });
    expect(argv(`env -S 'npm test' --watch`)[0]).toEqual(['npm', 'test', '--watch']);
    expect(parse(`env -P /opt/bin make`)[0].assigns).toEqual([
      { name: 'PATH', value: '/opt/bin', raw: '/opt/bin' },
    ]);
  });

  it('walks the commands that options and variables name, marking them as hidden', () => {
    expect(parse(`rg --pre conv x`).map((p) => [p.name, p.hidden])).toEqual([
      ['conv', 'rg --pre'],
      ['rg', undefined],
    ]);
    expect(parse(`GIT_PAGER='less -R' git log`).map((p) => [p.name, p.hidden])).toEqual([
      ['less', 'GIT_PAGER'],
      ['git', undefined],
    ]);
    expect(parse(`tar --checkpoint-action=exec='sh x.sh' -cf a.tar .`)[0]).toMatchObject({
      name: 'sh',
      hidden: 'tar --checkpoint-action',
    });
  });

  it('reads the code interpreters are given and walks the commands it starts', () => {
    const parts = parse(`python3 <<'PY'\nimport os\nos.system('make test')\nPY`);
    expect(parts.map((p) => [p.name, p.via])).toEqual([
      ['python3', []],
      ['make', ['python3 code']],
    ]);
    expect(parts[0].code?.spawns).toHaveLength(1);
    expect(parse(`cat <<EOF | sh\nls\nEOF`).map((p) => p.name)).toEqual(['cat', 'ls']);
  });

  it('keeps the redirections and variables of a command it only looked into', () => {
    const parts = parse(`X=1 bash -c 'echo hi' > out.txt`);
    expect(parts.map((p) => [p.name, p.redirects.map((r) => r.target.value)])).toEqual([
      ['echo', []],
      ['', ['out.txt']],
    ]);
    expect(parts[1].assigns).toEqual([{ name: 'X', value: '1', raw: '1' }]);
  });
});
