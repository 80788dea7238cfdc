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
  command builtin exec time nohup nice timeout stdbuf setsid noglob nocorrect watch yes pr expand
  unexpand tsort factor md5 sha1 sha256 shuf basenc
`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Compilers, linters, formatters, test runners and bundlers: workspace work, understood
 * when their arguments pass the generic check (no option that runs other code, no path
 * outside the roots; `classify-tool-args.ts`). Tools with subcommands that install, publish
 * or change things outside have tables of their own (`tool-spec.ts`).
 */
export const BUILD_TOOLS = new Set(
  `
  gcc g++ clang clang++ cc c++ c99 ld rustc tsc javac kotlinc scalac swiftc ghc nasm as
  pytest py.test tox nox eslint prettier biome vitest jest mocha ava playwright cypress webpack
  vite rollup esbuild parcel turbo nx lerna black ruff flake8 pylint mypy pyright isort autopep8
  yapf bandit pydocstyle coverage rustfmt gofmt goimports golangci-lint staticcheck shellcheck
  shfmt hadolint stylelint tslint standard xo oxlint dprint markdownlint cspell codespell
  pre-commit ktlint detekt checkstyle clang-format clang-tidy cppcheck cpplint swiftlint
  swiftformat rubocop rspec minitest phpunit phpstan psalm php-cs-fixer pint sbt mix elixir
  cabal stack dune ocamlfind zig pkg-config autoconf autoreconf automake aclocal libtool
  autoheader strip ar ranlib objcopy meson bazel bazelisk buck2 pants earthly tilt skaffold
  kustomize kubeval kubeconform conftest tflint tfsec checkov trivy hugo jekyll mkdocs sphinx-build
  doxygen typedoc jsdoc storybook next nuxt astro svelte-kit ng vue-cli-service react-scripts
  tailwindcss postcss sass lessc babel swc ts-node tsx nodemon husky lint-staged changeset
  gradle gradlew mvn mvnw ant lein flutter dart swift xcodebuild cmake ctest cpack ninja make gmake just task
  rake invoke
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
