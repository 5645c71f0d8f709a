-- Drives `cardc lsp` through a real Neovim, headless, with the setup of docs/editors.md as
-- its init.lua (run.sh extracts it). Started in a copy of test/project/, on any Neovim from
-- 0.7 on: `nvim --headless -u init.lua -c "luafile lsp.lua"`.
--
-- Each check prints `ok - NAME` or `FAIL - NAME: why`; the last line is
-- `neovim X.Y.Z: N passed, N failed, N skipped` (nothing is skipped: a feature the server
-- does not advertise in its capabilities fails its check, naming the capability) and the
-- exit code is 1 when a check failed.

local TIMEOUT = 20000 -- ms; a debug build compiling a three-card set answers in well under 1 s

local version = vim.version()
local nvim = string.format("%d.%d.%d", version.major, version.minor, version.patch)
local results = { passed = 0, failed = 0, skipped = 0 }

local function out(line)
  io.stdout:write(line .. "\n")
  io.stdout:flush()
end

-- A check: `fn` returns nothing on success and raises on failure.
local function check(name, fn)
  local ok, status = pcall(fn)
  if not ok then
    results.failed = results.failed + 1
    out("FAIL - " .. name .. ": " .. tostring(status))
  else
    results.passed = results.passed + 1
    out("ok - " .. name)
  end
end

local function fail(msg)
  error(msg, 2)
end

local function wait(what, cond)
  if not vim.wait(TIMEOUT, cond, 20) then
    fail("timed out after " .. TIMEOUT .. " ms waiting for " .. what)
  end
end

local root = vim.loop.cwd()
local function path(rel)
  return root .. "/" .. rel
end

local function lines(buf)
  return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end

local function text(buf)
  return table.concat(lines(buf), "\n")
end

local function open(rel)
  vim.cmd("edit " .. vim.fn.fnameescape(path(rel)))
  return vim.api.nvim_get_current_buf()
end

-- The cardc clients attached to `buf` (`get_clients` from 0.10, `buf_get_clients` before).
local function clients(buf)
  local found = {}
  if vim.lsp.get_clients then
    found = vim.lsp.get_clients({ bufnr = buf, name = "cardc" })
  else
    for _, c in pairs(vim.lsp.buf_get_clients(buf)) do
      if c.name == "cardc" then
        table.insert(found, c)
      end
    end
  end
  return found
end

local never_attached = false

local function client(buf)
  if never_attached and not clients(buf)[1] then
    fail("no cardc client (it did not attach before either)")
  end
  never_attached = true
  wait("the cardc client to attach to " .. vim.api.nvim_buf_get_name(buf), function()
    local c = clients(buf)[1]
    return c ~= nil and c.initialized ~= false and c.server_capabilities ~= nil
  end)
  never_attached = false
  return clients(buf)[1]
end

-- Fails unless the server advertises `capability` (a field of ServerCapabilities).
local function requires(buf, capability, feature)
  local caps = client(buf).server_capabilities or {}
  if caps[capability] == nil or caps[capability] == false then
    fail("the server does not advertise `" .. capability .. "` (" .. feature .. ")")
  end
end

local function request(buf, method, params)
  client(buf)
  local responses, err = vim.lsp.buf_request_sync(buf, method, params, TIMEOUT)
  if not responses then
    fail(method .. ": " .. tostring(err))
  end
  for _, r in pairs(responses) do
    if r.error then
      fail(method .. ": " .. vim.inspect(r.error))
    end
    return r.result
  end
  fail(method .. ": no response")
end

local function position(buf, row, col)
  return {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = row, character = col },
  }
end

-- The (0-based) row and column of the first `needle` in `buf`.
local function find(buf, needle)
  for i, l in ipairs(lines(buf)) do
    local col = l:find(needle, 1, true)
    if col then
      return i - 1, col - 1
    end
  end
  fail("`" .. needle .. "` is not in " .. vim.api.nvim_buf_get_name(buf))
end

local function diagnostic_code(d)
  if d.code then
    return d.code
  end
  local lsp = d.user_data and d.user_data.lsp
  return lsp and lsp.code
end

local function has_code(buf, code)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if diagnostic_code(d) == code then
      return d
    end
  end
end

-- Picks the entry of the next `vim.ui.select` (the code-action menu) that `pick` accepts.
local function answer_select(pick)
  local original = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    vim.ui.select = original
    for i, item in ipairs(items) do
      local format = opts and opts.format_item or tostring
      if pick(item, format(item)) then
        return on_choice(item, i)
      end
    end
    on_choice(nil, nil)
  end
end

local orders, messy

check("a .card file opens with filetype card", function()
  orders = open("cards/orders.card")
  if vim.bo[orders].filetype ~= "card" then
    fail("filetype is `" .. vim.bo[orders].filetype .. "`")
  end
end)

check("cardc lsp starts with the folder holding cards/ as its workspace", function()
  local c = client(orders)
  local dir = c.root_dir or (c.config and c.config.root_dir)
  if not dir or vim.loop.fs_realpath(dir) ~= vim.loop.fs_realpath(root) then
    fail("root_dir is " .. tostring(dir) .. ", expected " .. root)
  end
end)

check("diagnostics: E0057 with its did-you-mean, where cardc check points", function()
  wait("E0057 on cards/orders.card", function()
    return has_code(orders, "E0057") ~= nil
  end)
  local d = has_code(orders, "E0057")
  local row, col = find(orders, "Virtous")
  if d.lnum ~= row or d.col ~= col then
    fail(string.format("at %d:%d, expected %d:%d", d.lnum, d.col, row, col))
  end
  if not d.message:find("did you mean `Virtuous`?", 1, true) then
    fail("message without the did-you-mean: " .. d.message)
  end
  if d.severity ~= vim.diagnostic.severity.ERROR then
    fail("severity " .. tostring(d.severity))
  end
end)

check("hover on the error shows the explanation of E0057", function()
  local row, col = find(orders, "Virtous")
  local result = request(orders, "textDocument/hover", position(orders, row, col + 2))
  local contents = result and result.contents
  local value = type(contents) == "table" and (contents.value or contents[1]) or contents
  if type(value) ~= "string" or not value:find("E0057", 1, true) then
    fail("hover: " .. vim.inspect(result))
  end
end)

check("formatting lays the file out as cardc fmt does", function()
  messy = open("cards/messy.card")
  client(messy)
  local before = text(messy)
  local copy = vim.fn.tempname() .. ".card"
  vim.fn.writefile(lines(messy), copy)
  local output = vim.fn.system({ "cardc", "fmt", copy })
  if vim.v.shell_error ~= 0 then
    fail("cardc fmt: " .. output)
  end
  local want = table.concat(vim.fn.readfile(copy), "\n")
  if want == before then
    fail("the fixture is already formatted, so the check could not fail")
  end
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ bufnr = messy, async = false, timeout_ms = TIMEOUT })
  else
    vim.lsp.buf.formatting_sync(nil, TIMEOUT)
  end
  if text(messy) ~= want then
    fail("after formatting:\n" .. text(messy) .. "\nexpected:\n" .. want)
  end
end)

check("completion offers the frame words at the start of a card", function()
  requires(messy, "completionProvider", "completion")
  vim.api.nvim_buf_set_lines(messy, -1, -1, false, { "", "ch" })
  local last = vim.api.nvim_buf_line_count(messy) - 1
  local result = request(messy, "textDocument/completion", position(messy, last, 2))
  local items = result and (result.items or result) or {}
  local labels = {}
  for _, item in ipairs(items) do
    labels[item.label] = true
  end
  vim.api.nvim_buf_set_lines(messy, -3, -1, false, {})
  if not labels["character"] then
    fail("no `character` among " .. vim.inspect(vim.tbl_keys(labels)))
  end
end)

check("a code action applies the did-you-mean of E0057", function()
  vim.cmd("buffer " .. orders)
  requires(orders, "codeActionProvider", "code actions")
  local row, col = find(orders, "Virtous")
  vim.api.nvim_win_set_cursor(0, { row + 1, col })
  answer_select(function(action, title)
    return (action.title or title or ""):find("Virtuous", 1, true) ~= nil
  end)
  vim.lsp.buf.code_action()
  wait("the fix in the buffer", function()
    return vim.api.nvim_buf_get_lines(orders, row, row + 1, false)[1] == "    character_action Virtuous"
  end)
  wait("E0057 to clear", function()
    return #vim.diagnostic.get(orders) == 0
  end)
end)

check("go-to-definition on a card name in rules text opens the card", function()
  vim.cmd("buffer " .. orders)
  requires(orders, "definitionProvider", "go-to-definition")
  local row, col = find(orders, 'Ready "Pier Nine"')
  vim.api.nvim_win_set_cursor(0, { row + 1, col + 9 })
  vim.lsp.buf.definition()
  wait("cards/docks.card to open", function()
    return vim.api.nvim_buf_get_name(0):find("docks.card", 1, true) ~= nil
  end)
  local at = vim.api.nvim_win_get_cursor(0)
  local want = find(vim.api.nvim_get_current_buf(), 'surface_location "Pier Nine"')
  if at[1] - 1 ~= want then
    fail(string.format("cursor on line %d, expected %d", at[1], want + 1))
  end
end)

check("rename of a card name updates the card and every reference", function()
  vim.cmd("buffer " .. orders)
  requires(orders, "renameProvider", "rename")
  local row, col = find(orders, 'Ready "Pier Nine"')
  vim.api.nvim_win_set_cursor(0, { row + 1, col + 9 })
  vim.lsp.buf.rename("Pier Ten")
  local docks = vim.fn.bufadd(path("cards/docks.card"))
  wait("both files to name Pier Ten", function()
    return vim.api.nvim_buf_is_loaded(docks)
      and text(orders):find('"Pier Ten"', 1, true) ~= nil
      and text(docks):find('surface_location "Pier Ten"', 1, true) ~= nil
  end)
  if text(orders):find("Pier Nine", 1, true) or text(docks):find("Pier Nine", 1, true) then
    fail("`Pier Nine` is still written somewhere")
  end
end)

out(string.format(
  "neovim %s: %d passed, %d failed, %d skipped",
  nvim,
  results.passed,
  results.failed,
  results.skipped
))
if results.failed > 0 then
  vim.cmd("cquit 1")
else
  vim.cmd("qall!")
end
