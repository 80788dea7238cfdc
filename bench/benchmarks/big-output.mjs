export default { name: 'big-output', async run() { return { rows: [] }; } };
