/**
 * Commands whose effect is writing files inside the workspace: each is an edit (asked in
 * default mode, run in acceptEdits, denied in plan mode), and the question names the file
 * it writes. `\n` stands for a newline.
 */
const edits = String.raw`
mkdir -p build/out	build/out
touch src/new.ts	src/new.ts
cp a.txt b.txt	b.txt
cp -r src backup	backup
mv old.ts new.ts	new.ts
echo "x" > notes.txt	notes.txt
echo x >> log.txt	log.txt
cat a b > c	c
sed -i 's/foo/bar/g' src/a.ts	src/a.ts
[ -d build ] || mkdir build	build
npm run build > build.log 2>&1	build.log
curl -o out.html http://localhost:8080	out.html
wget http://localhost/x	.
tar -xzf archive.tar.gz	.
tar -czf out.tgz src	out.tgz
unzip x.zip	.
zip -r out.zip src	out.zip
chmod +x script.sh	script.sh
chmod 644 file	file
cat <<EOF > config.json\n{"a": 1}\nEOF	config.json
ln -s ../x link	link
perl -pi -e 's/a/b/' notes.md	notes.md
tee out.txt < in.txt	out.txt
truncate -s 0 app.log	app.log
python3 -c "open('data.json', 'w').write('{}')"	data.json
node -e "require('fs').writeFileSync('gen.js', '')"	gen.js
install -m 644 a.conf etc/a.conf	etc/a.conf
gzip big.log	big.log
split -l 100 data.csv part-	part-
`;

/** [command, a file the approval question must name]. */
export const EDIT_COMMANDS: [string, string][] = edits
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const [command, file] = line.split('\t');
    return [command.replace(/\\n/g, '\n'), file];
  });
