type Runtime[ruby, 'X'] = Object[{}]
