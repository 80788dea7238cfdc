export default { name: 'long-session', async run() { return { rows: [] }; } };
