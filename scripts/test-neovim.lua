-- End-to-end test of `ducklint lsp` in Neovim's built-in LSP client, run by
-- scripts/test-neovim: nvim --headless -u NONE -c "luafile scripts/test-neovim.lua".
-- DUCKLINT is the binary, ROOT the workspace folder, FILE the manifest to open.
-- Exits 0 when every check passes, 1 with the reason on stderr otherwise.

local function fail(msg)
  io.stderr:write('test-neovim: FAIL: ' .. msg .. '\n')
  vim.cmd('cquit 1')
end

local function describe(diags)
  local out = {}
  for _, d in ipairs(diags) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(out, string.format('%d:%d %s %s', d.lnum, d.col, tostring(code), d.message))
  end
  return table.concat(out, '; ')
end

local function run()
  local bin, root, file = os.getenv('DUCKLINT'), os.getenv('ROOT'), os.getenv('FILE')
  local client_id = vim.lsp.start_client({
    name = 'ducklint',
    cmd = { bin, 'lsp' },
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = 'root' } },
  })
  if not client_id then
    return fail('vim.lsp.start_client did not start ducklint lsp')
  end
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)

  -- The file on disk reads an unknown variable on line 2: an error, as
  -- Puppet 8 (the default target) fails the catalog on it.
  if not vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
    return fail('no diagnostics after opening ' .. file)
  end
  local d = vim.diagnostic.get(buf)[1]
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  if code ~= 'unknown-variable' or d.lnum ~= 1 or d.col ~= 9 or d.source ~= 'ducklint'
      or d.severity ~= vim.diagnostic.severity.ERROR then
    return fail('unexpected diagnostics after opening: ' .. describe(vim.diagnostic.get(buf)))
  end

  -- Fix it in the buffer, unsaved: the diagnostic goes away.
  vim.api.nvim_buf_set_lines(buf, 1, 2, false, { "  notice('fine')" })
  if not vim.wait(30000, function() return #vim.diagnostic.get(buf) == 0 end, 20) then
    return fail('diagnostics stayed after the fix: ' .. describe(vim.diagnostic.get(buf)))
  end

  -- Type another unknown variable: a new diagnostic, where it is.
  vim.api.nvim_buf_set_lines(buf, 1, 2, false, { '  $a = 1', '  notice($other)' })
  local function other()
    local ds = vim.diagnostic.get(buf)
    return #ds == 1 and ds[1].lnum == 2 and ds[1].message:find('$other', 1, true) ~= nil
  end
  if not vim.wait(30000, other, 20) then
    return fail('no diagnostic for $other after the edit: ' .. describe(vim.diagnostic.get(buf)))
  end

  -- The suppression code action, applied, silences it.
  local params = vim.lsp.util.make_range_params()
  params.range = { start = { line = 2, character = 0 }, ['end'] = { line = 2, character = 0 } }
  params.context = { diagnostics = {} }
  local results = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 30000)
  local action
  for _, res in pairs(results or {}) do
    for _, a in ipairs(res.result or {}) do
      if a.title == 'Suppress unknown-variable on this line' then action = a end
    end
  end
  if not action then
    return fail('no suppression code action for line 3: ' .. vim.inspect(results))
  end
  vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
  local line = vim.api.nvim_buf_get_lines(buf, 2, 3, false)[1]
  if line ~= '  notice($other)  # lint:ignore:unknown-variable' then
    return fail('the code action made line 3 ' .. vim.inspect(line))
  end
  if not vim.wait(30000, function() return #vim.diagnostic.get(buf) == 0 end, 20) then
    return fail('diagnostics stayed after the suppression: ' .. describe(vim.diagnostic.get(buf)))
  end

  vim.lsp.stop_client(client_id)
  io.stdout:write('test-neovim: ok: diagnostics on open, after edits of the unsaved buffer, and after a suppression\n')
  vim.cmd('qa!')
end

local ok, err = pcall(run)
if not ok then fail(tostring(err)) end
