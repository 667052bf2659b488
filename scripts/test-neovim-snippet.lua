-- Checks the Neovim snippet of docs/editors.md, run by scripts/test-neovim:
-- nvim --headless -u SNIPPET -c "luafile scripts/test-neovim-snippet.lua" FILE,
-- with ducklint on PATH. The snippet must have started ducklint for the
-- opened manifest, which reads an unknown variable on line 2.
local function fail(msg)
  io.stderr:write('test-neovim: FAIL: snippet: ' .. msg .. '\n')
  vim.cmd('cquit 1')
end

local buf = vim.api.nvim_get_current_buf()
local clients = vim.lsp.get_clients or vim.lsp.get_active_clients -- 0.10+, before
local function attached()
  for _, c in pairs(clients()) do
    if c.name == 'ducklint' and vim.lsp.buf_is_attached(buf, c.id) then
      return true
    end
  end
  return false
end
if not vim.wait(30000, attached, 20) then
  return fail('no ducklint client attached to ' .. vim.api.nvim_buf_get_name(buf))
end
if not vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
  return fail('no diagnostics for ' .. vim.api.nvim_buf_get_name(buf))
end
local d = vim.diagnostic.get(buf)[1]
local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
if code ~= 'unknown-variable' or d.lnum ~= 1 or d.source ~= 'ducklint' then
  return fail(string.format('unexpected diagnostic %d:%d %s %s', d.lnum, d.col, tostring(code), d.message))
end
io.stderr:write('test-neovim: ok: the snippet started ducklint lsp and showed its diagnostic\n')
vim.cmd('qall!')
