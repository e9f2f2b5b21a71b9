-- The category tree and variant option sets a new shop starts with (spec 1 section 3), the same as
-- DEFAULT_CATEGORIES and DEFAULT_OPTIONS in packages/contract/src/constants.ts (a test compares them).
INSERT INTO "categories" ("name", "position", "sub_categories", "sub_sub_categories") VALUES
  ('Figures', 0, '["DC","MARVEL","STARWARS","INVINCIBLE","BEN10","ANIME","INDEPENDENT"]'::jsonb, '["Male","Female","Accessories"]'::jsonb),
  ('Fidgets', 1, '["Fidget_Spinners","Stress_Balls","Puzzle_Toys","Sensory_Toys","Magnetic_Toys"]'::jsonb, '["None","Size_Small","Size_Medium","Size_Large","Material_Plastic","Material_Metal","Material_Wood","Material_Silicone"]'::jsonb),
  ('Decoration', 2, '["Seasonal","Religious","Home_Decor","Office_Decor","Wall_Art"]'::jsonb, '["Size_Small","Size_Medium","Size_Large","Style_Modern","Style_Classic","Style_Minimalist"]'::jsonb),
  ('Widgets', 3, '["Home_Gadgets","Office_Gadgets","DIY_Kits","Smart_Gadgets"]'::jsonb, '["Size_Small","Size_Medium","Size_Large","Type_Basic","Type_Advanced","Type_Professional"]'::jsonb);
--> statement-breakpoint
INSERT INTO "option_sets" ("name", "position", "values") VALUES
  ('Colors', 0, '["red","blue","green","yellow","black","white","purple","pink","orange","gray","Gold","Silver","multicolor"]'::jsonb),
  ('Clothing Sizes', 1, '["XS","S","M","L","XL","XXL"]'::jsonb),
  ('Canvas Sizes', 2, '["2x2","4x4","8x10","12x16"]'::jsonb);
