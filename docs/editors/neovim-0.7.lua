-- ducklint's language server in Neovim 0.7 (init.lua): no vim.fs and no
-- vim.lsp.start there, so the root is found by hand and one client is
-- started per root.
local function ducklint_root(path)
  local dir = vim.fn.fnamemodify(path, ":p:h")
  while true do
    for _, marker in ipairs({ ".git", ".ducklint.toml", "environment.conf" }) do
      if vim.loop.fs_stat(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      return vim.fn.fnamemodify(path, ":p:h")
    end
    dir = parent
  end
end

local ducklint_clients = {}
vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
  pattern = { "*.pp", "*.epp" },
  callback = function(args)
    local root = ducklint_root(vim.api.nvim_buf_get_name(args.buf))
    local id = ducklint_clients[root]
    if not id or not vim.lsp.get_client_by_id(id) then
      id = vim.lsp.start_client({ name = "ducklint", cmd = { "ducklint", "lsp" }, root_dir = root })
      ducklint_clients[root] = id
    end
    vim.lsp.buf_attach_client(args.buf, id)
  end,
})
