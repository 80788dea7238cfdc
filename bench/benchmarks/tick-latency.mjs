export default { name: 'tick-latency', async run() { return { rows: [] }; } };
