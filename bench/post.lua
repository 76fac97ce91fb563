-- post.lua: wrk script: POST the `me` query as JSON, with the API key from $LARDER_KEY when set.
wrk.method = "POST"
wrk.body = '{"query":"{ me { id name } }"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"
local key = os.getenv("LARDER_KEY")
if key and key ~= "" then
	wrk.headers["authorization"] = key
end
