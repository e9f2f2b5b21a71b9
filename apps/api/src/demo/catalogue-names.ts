/** A demo product's name and the sub-sub categories it fits (a figure's character is Male or Female). */
export interface DemoName {
  name: string;
  fits: readonly string[];
}

const M = ['Male'] as const;
const F = ['Female'] as const;
/** Figures' Accessories: stands, bases and props, sold without a figure. */
const FOR_FIGURES = ['Accessories'] as const;
const named = (fits: readonly string[], ...names: string[]): DemoName[] => names.map((name) => ({ name, fits }));

/**
 * What the demo catalogue's products are called, by main and sub category (DEFAULT_CATEGORIES),
 * each with the sub-sub categories it belongs in, so that no Wonder Woman stands among the Male
 * figures and no stress ball is made of metal.
 */
export const PRODUCT_NAMES: Record<string, Record<string, readonly DemoName[]>> = {
  Figures: {
    DC: [
      ...named(M, 'Batman', 'Superman', 'The Flash', 'Aquaman', 'Joker'),
      ...named(F, 'Wonder Woman', 'Harley Quinn', 'Catwoman'),
      ...named(FOR_FIGURES, 'Batmobile Display Base'),
    ],
    MARVEL: [
      ...named(M, 'Spider-Man', 'Iron Man', 'Captain America', 'Thor', 'Hulk', 'Loki'),
      ...named(F, 'Black Widow', 'Scarlet Witch'),
      ...named(FOR_FIGURES, 'Mjolnir Replica'),
    ],
    STARWARS: [
      ...named(M, 'Darth Vader', 'Yoda', 'Boba Fett', 'Stormtrooper', 'Grogu'),
      ...named(F, 'Ahsoka', 'Princess Leia'),
      ...named(FOR_FIGURES, 'Lightsaber Display Rack'),
    ],
    INVINCIBLE: [
      ...named(M, 'Invincible', 'Omni-Man', 'Allen the Alien'),
      ...named(F, 'Atom Eve'),
      ...named(FOR_FIGURES, 'Invincible Diorama Base'),
    ],
    BEN10: [
      ...named(M, 'Ben Tennyson', 'Heatblast', 'Four Arms', 'XLR8', 'Diamondhead'),
      ...named(F, 'Gwen Tennyson'),
      ...named(FOR_FIGURES, 'Omnitrix Replica'),
    ],
    ANIME: [
      ...named(M, 'Goku', 'Naruto', 'Luffy', 'Levi Ackerman', 'Tanjiro'),
      ...named(F, 'Sailor Moon', 'Nezuko'),
      ...named(FOR_FIGURES, 'Dragon Ball Set'),
    ],
    INDEPENDENT: [
      ...named(M, 'Cosmic Samurai', 'Neon Ronin', 'Clockwork Knight'),
      ...named(F, 'Star Witch', 'Forest Queen'),
      ...named(FOR_FIGURES, 'Katana Weapon Pack'),
    ],
  },
  Fidgets: {
    Fidget_Spinners: [
      { name: 'Tri-Blade Spinner', fits: ['Material_Plastic', 'Size_Small'] },
      { name: 'Rainbow Spinner', fits: ['Material_Metal', 'Size_Small'] },
      { name: 'Glow Spinner', fits: ['Material_Plastic'] },
      { name: 'Titanium Spinner', fits: ['Material_Metal'] },
      { name: 'Walnut Spinner', fits: ['Material_Wood'] },
    ],
    Stress_Balls: [
      { name: 'Squishy Stress Ball', fits: ['Material_Silicone', 'Size_Small', 'Size_Medium'] },
      { name: 'Galaxy Stress Ball', fits: ['Material_Silicone', 'Size_Medium', 'Size_Large'] },
      { name: 'Mesh Squeeze Ball', fits: ['Material_Silicone', 'Size_Medium'] },
    ],
    Puzzle_Toys: [
      { name: 'Infinity Cube', fits: ['Material_Plastic', 'Material_Metal'] },
      { name: 'Twist Puzzle', fits: ['Material_Plastic', 'None'] },
      { name: 'Snake Puzzle', fits: ['Material_Plastic', 'None'] },
      { name: 'Wooden Burr Puzzle', fits: ['Material_Wood'] },
    ],
    Sensory_Toys: [
      { name: 'Pop Bubble Pad', fits: ['Material_Silicone', 'Size_Small', 'Size_Large'] },
      { name: 'Sensory Ring', fits: ['Material_Metal', 'Size_Small'] },
      { name: 'Textured Fidget Pad', fits: ['Material_Plastic', 'Material_Silicone'] },
    ],
    Magnetic_Toys: [
      { name: 'Magnetic Rings', fits: ['Material_Metal', 'Size_Small'] },
      { name: 'Ferrofluid Desk Toy', fits: ['None', 'Size_Medium'] },
      { name: 'Magnetic Sculpture Kit', fits: ['Material_Metal', 'Size_Large'] },
    ],
  },
  Decoration: {
    Seasonal: [
      { name: 'Winter Village Scene', fits: ['Size_Large', 'Style_Classic'] },
      { name: 'Pumpkin Lantern', fits: ['Size_Medium', 'Style_Classic'] },
      { name: 'Spring Wreath', fits: ['Size_Medium', 'Style_Classic', 'Style_Minimalist'] },
    ],
    Religious: [
      { name: 'Olive Wood Cross', fits: ['Size_Small', 'Style_Classic'] },
      { name: 'Prayer Candle Holder', fits: ['Size_Small', 'Style_Classic', 'Style_Minimalist'] },
      { name: 'Lotus Incense Stand', fits: ['Size_Small', 'Style_Minimalist'] },
    ],
    Home_Decor: [
      { name: 'Ceramic Vase', fits: ['Size_Medium', 'Style_Modern', 'Style_Minimalist'] },
      { name: 'Woven Wall Basket', fits: ['Size_Large', 'Style_Classic'] },
      { name: 'Table Lamp', fits: ['Size_Medium', 'Style_Modern', 'Style_Classic'] },
    ],
    Office_Decor: [
      { name: 'Desk Planter', fits: ['Size_Small', 'Style_Modern', 'Style_Minimalist'] },
      { name: 'Brass Bookends', fits: ['Size_Small', 'Style_Classic'] },
      { name: 'Motivational Plaque', fits: ['Size_Small', 'Style_Modern'] },
    ],
    Wall_Art: [
      { name: 'Mountain Canvas Print', fits: ['Size_Large', 'Style_Minimalist'] },
      { name: 'Abstract Poster', fits: ['Size_Medium', 'Style_Modern'] },
      { name: 'Retro Map Print', fits: ['Size_Large', 'Style_Classic'] },
    ],
  },
  Widgets: {
    Home_Gadgets: [
      { name: 'Smart Night Light', fits: ['Size_Small', 'Type_Basic'] },
      { name: 'Herb Keeper', fits: ['Size_Medium', 'Type_Basic'] },
      { name: 'Cable Organizer', fits: ['Size_Small', 'Type_Basic'] },
    ],
    Office_Gadgets: [
      { name: 'Desk Fan', fits: ['Size_Medium', 'Type_Basic'] },
      { name: 'Monitor Stand', fits: ['Size_Large', 'Type_Advanced'] },
      { name: 'Wireless Charger', fits: ['Size_Small', 'Type_Advanced'] },
    ],
    DIY_Kits: [
      { name: 'Solder Starter Kit', fits: ['Type_Basic'] },
      { name: 'Robot Arm Kit', fits: ['Type_Advanced', 'Type_Professional'] },
      { name: 'Crystal Radio Kit', fits: ['Type_Basic'] },
    ],
    Smart_Gadgets: [
      { name: 'Smart Plug', fits: ['Size_Small', 'Type_Basic'] },
      { name: 'Weather Station', fits: ['Type_Advanced', 'Type_Professional'] },
      { name: 'Bluetooth Tracker', fits: ['Size_Small', 'Type_Advanced'] },
    ],
  },
};

/** Figures' sub-sub category for props sold on their own: their names take no figure kind. */
export const FIGURE_ACCESSORIES = 'Accessories';

export const FIGURE_KINDS = ['Action Figure', 'Collector Statue', 'Mini Figure', 'Deluxe Figure', 'Bust'] as const;

/** A product's add-ons, by main category: no spare bearings for a vase. */
export const ACCESSORY_NAMES: Record<string, readonly string[]> = {
  Figures: ['Display Stand', 'Spare Hands Set', 'Carry Case', 'LED Base', 'Weapon Pack', 'Gift Box'],
  Fidgets: ['Replacement Bearings', 'Carry Pouch', 'Gift Box'],
  Decoration: ['Wall Mount', 'LED Base', 'Gift Box'],
  Widgets: ['Wall Mount', 'Carry Case', 'Spare Cable', 'Gift Box'],
};

export const DESCRIPTIONS = [
  'Hand-finished and numbered, straight from the studio.',
  'A shop favourite, packed in a collector-friendly box.',
  'Made to last, with careful paint work and crisp details.',
  'Small enough for a desk, striking enough for a shelf.',
  'Ships within two working days.',
] as const;

/** Demo price ranges in whole dollars, by main category. */
export const PRICE_RANGES: Record<string, [number, number]> = {
  Figures: [19, 149],
  Fidgets: [4, 24],
  Decoration: [9, 89],
  Widgets: [14, 79],
};

/** The default colours (DEFAULT_OPTIONS) as paint. */
export const COLOR_HEX: Record<string, string> = {
  red: '#e03131',
  blue: '#1971c2',
  green: '#2f9e44',
  yellow: '#f59f00',
  black: '#212529',
  white: '#f1f3f5',
  purple: '#7048e8',
  pink: '#d6336c',
  orange: '#f76707',
  gray: '#868e96',
  Gold: '#d4a017',
  Silver: '#adb5bd',
  multicolor: '#15aabf',
};

/** Words the bench's 100k generated products are named from. */
export const BULK_ADJECTIVES = [
  'Crimson',
  'Golden',
  'Silent',
  'Cosmic',
  'Rusty',
  'Neon',
  'Frozen',
  'Electric',
  'Ancient',
  'Lucky',
  'Velvet',
  'Iron',
  'Hidden',
  'Royal',
  'Wild',
  'Tiny',
  'Mighty',
  'Glass',
  'Shadow',
  'Solar',
] as const;

export const BULK_NOUNS = [
  'Dragon',
  'Spinner',
  'Knight',
  'Lantern',
  'Robot',
  'Phoenix',
  'Cube',
  'Samurai',
  'Vase',
  'Owl',
  'Rocket',
  'Wizard',
  'Tiger',
  'Compass',
  'Golem',
  'Clock',
  'Fox',
  'Planter',
  'Ranger',
  'Beacon',
  'Puzzle',
  'Kraken',
  'Ninja',
  'Charger',
  'Mermaid',
  'Sphinx',
  'Falcon',
  'Totem',
  'Yeti',
  'Comet',
] as const;
