/**
 * Everyday commands a coding agent runs: each must be read-only or workspace work,
 * and run without a prompt in default mode. `\n` stands for a newline.
 */
const safe = String.raw`
ls
ls -la
ls -la src
pwd
cat README.md
head -n 20 src/index.ts
tail -n 50 app.log
wc -l src/*.ts
grep -rn "TODO" src
rg foo
rg -n "export" src --type ts
find . -name "*.ts"
find src -type f | wc -l
find . -name "*.log" -exec cat {} \;
find . -name '*.ts' | xargs wc -l
git status
git diff
git diff --stat
git diff HEAD~1 -- src
git log --oneline -10
git log -p -- src/a.ts
git log --oneline | head -5
git show HEAD
git branch
git branch -a
git branch --show-current
git add .
git add -A
git commit -m "fix: the thing"
git commit -am "wip"
git switch main
git checkout -b feature/x
git checkout main
git stash
git stash pop
git stash list
git fetch
git pull
git pull --rebase
git merge main
git rebase main
git rev-parse HEAD
git blame src/a.ts
git tag
git remote -v
npm test
npm run build
npm run test:unit
pnpm test
yarn build
npx tsc --noEmit
npx vitest run
npx eslint src
node script.js
node -e "console.log(1)"
python3 main.py
python -m pytest
pytest -q
make
make test
make -j4
cargo build
cargo test
cargo run
go build ./...
go test ./...
go vet ./...
tsc
tsc --noEmit
eslint . --fix
prettier --write src
echo hello
sort file | uniq -c
cut -d, -f1 data.csv
tr a-z A-Z < in.txt
file x
stat x
du -sh src
df -h
tree src
jq . package.json
diff a b
env
printenv PATH
date
whoami
uname -a
which node
sed -n '1,20p' file
sed 's/a/b/' file
awk '{print $1}' file
sort -u list
cat package.json | jq .scripts
ls | grep ts
ps aux | grep node
echo $HOME
cd src && ls
cd src && npm test
test -f x && echo yes
for f in *.ts; do echo $f; done
if [ -f x ]; then cat x; fi
npm test 2>&1 | tail -20
ls > /dev/null
command -v node
type node
node --version
npm --version
git --version
python3 --version
docker ps
docker build -t app .
curl -s http://localhost:3000
./script.sh
bash script.sh
sh ./build.sh
./node_modules/.bin/vitest run
time npm test
timeout 60 npm test
FOO=1 npm test
NODE_ENV=production npm run build
export FOO=bar
sleep 1
true
ls -1 | wc -l
gh pr list
gh pr view 12
kubectl get pods
seq 1 10
expr 1 + 2
xxd file | head
md5sum x
sha256sum x
base64 file
nproc
free -h
realpath .
readlink -f x
basename $PWD
grep -c x file
rg TODO | head
cat .env.example
echo 'rm -rf /'
echo "sudo is not run here"
git log --grep="rm -rf"
`;

export const SAFE_COMMANDS: string[] = safe
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => line.replace(/\\n/g, '\n'));
