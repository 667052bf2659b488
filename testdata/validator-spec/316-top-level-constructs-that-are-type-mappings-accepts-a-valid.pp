          type Runtime[ruby, [/^MyPackage::(w+)$/, 'MyModule::']] = [/^MyModule::(w+)$/, 'MyPackage::']
          notice(true)
