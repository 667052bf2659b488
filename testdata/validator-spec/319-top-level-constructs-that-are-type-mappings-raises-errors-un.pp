          type Pattern[/^MyPackage::(w+)$/, 'MyModule::'] = [/^MyModule::(w+)$/, 'MyPackage::']
          notice(true)
