-- ducklint's language server in Neovim 0.8 and later (init.lua).
vim.filetype.add({ extension = { pp = "puppet", epp = "epuppet" } })
vim.api.nvim_create_autocmd("FileType", {
  pattern = { "puppet", "epuppet" },
  callback = function(args)
    local markers = { ".git", ".ducklint.toml", "environment.conf" }
    local found = vim.fs.find(markers, { upward = true, path = vim.fs.dirname(vim.api.nvim_buf_get_name(args.buf)) })[1]
    vim.lsp.start({
      name = "ducklint",
      cmd = { "ducklint", "lsp" },
      root_dir = found and vim.fs.dirname(found) or vim.fs.dirname(vim.api.nvim_buf_get_name(args.buf)),
    })
  end,
})
