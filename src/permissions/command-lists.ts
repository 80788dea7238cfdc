/**
 * Programs by what they do when run plainly. Read-only ones never prompt (Codex's
 * known-safe list, widened); options that make some of them write or run things are
 * checked in classify-programs.ts.
 */
export const READ_ONLY = new Set(
  `
  ls dir vdir cat tac head tail wc grep egrep fgrep zgrep rg ag ack fd fdfind locate pwd echo printf
  which whereis whence type hash sort uniq cut tr file stat du df tree jq yq diff cmp comm printenv
  date whoami id groups uname hostname uptime nproc arch free ps pgrep pstree lsof true false test [
  [[ expr seq nl paste rev numfmt basename dirname realpath readlink column fold fmt join od hexdump
  xxd strings md5sum sha1sum sha224sum sha256sum sha384sum sha512sum shasum cksum sum b2sum base32
  base64 less more man info whatis apropos cd pushd popd : sleep wait exit return break continue
  shift set shopt unset export declare typeset local readonly read mapfile readarray trap unalias
  history jobs dirs getconf locale tty lscpu lsblk lsusb lspci who w last vmstat iostat netstat ss
  zcat zless bzcat xzcat nm objdump readelf size ldd tput clear iconv cal look env let
  command builtin exec time nohup nice timeout stdbuf setsid noglob nocorrect watch yes
`
    .split(/\s+/)
    .filter(Boolean),
);

/** Build, test and development tools: they work on the workspace (allowed in default mode). */
export const WORKSPACE_TOOLS = new Set(
  `
  make cmake ninja meson bazel gcc g++ clang clang++ cc c++ ld rustc rustup tsc node deno bun npx
  python python3 pytest tox nox uv pipx poetry pipenv ruby bundle rake perl php java javac kotlin
  kotlinc scala sbt swift swiftc flutter dart elixir mix erl ghc cabal stack lua luarocks Rscript
  julia eslint prettier biome vitest jest mocha ava playwright cypress webpack vite rollup esbuild
  parcel turbo nx lerna black ruff flake8 pylint mypy pyright isort autopep8 rustfmt gofmt goimports
  golangci-lint shellcheck shfmt hadolint mkdir touch cp mv ln tee patch tar zip unzip gzip gunzip
  bzip2 xz unxz 7z sqlite3 curl wget ping dig nslookup host sed awk gawk vim vi nano emacs code
  mvn gradle gradlew dotnet composer go cargo npm pnpm yarn pip pip3 gem docker podman kubectl gh
  helm terraform git bash sh zsh dash source . xargs find truncate install rsync sponge split csplit
  pkg-config autoconf automake libtool strip ar ranlib openssl gpg node-gyp corepack nvm volta
`
    .split(/\s+/)
    .filter(Boolean),
);

/** Read-only programs whose arguments are not paths (no secret-file check). */
export const NOT_READING_ARGS = new Set(
  `ls dir stat file du tree find fd fdfind locate test [ [[ cd pushd echo printf which whereis type
  realpath readlink basename dirname mkdir touch export declare local readonly set unset trap true
  false hash command env printenv date sleep seq expr let`
    .split(/\s+/)
    .filter(Boolean),
);
