// n8n itself loads the classes listed in package.json's `n8n` block; this entry
// point lets other code (tests of a host app, scripts) require them by name.
module.exports = {
	Recruiting: require('./dist/nodes/Recruiting/Recruiting.node.js').Recruiting,
	RecruitingTrigger: require('./dist/nodes/RecruitingTrigger/RecruitingTrigger.node.js')
		.RecruitingTrigger,
	RecruitingApi: require('./dist/credentials/RecruitingApi.credentials.js').RecruitingApi,
};
