          type Runtime[ruby, 'MyModule::MyObject'] = [/^MyModule::(w+)$/, 'MyPackage::']
          notice(true)
